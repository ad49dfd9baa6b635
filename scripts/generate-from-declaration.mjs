#!/usr/bin/env node
// Upstream's name for the declaration generator; forwards to `openwop-spec declaration`, keeping
// --check (the default) and --write.
import { forward } from './lib/forward.mjs';
await forward('declaration');
