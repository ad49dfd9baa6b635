#!/usr/bin/env node
// Upstream's name for the declaration checks; forwards to `openwop-spec check-declaration`.
import { forward } from './lib/forward.mjs';
await forward('check-declaration');
