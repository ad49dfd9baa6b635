#!/usr/bin/env node
// Upstream's name for the core word budget; forwards to `openwop-spec core-budget`.
import { forward } from './lib/forward.mjs';
await forward('core-budget');
