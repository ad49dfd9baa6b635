#!/usr/bin/env node
// Upstream's name for the normative-home gate; forwards to `openwop-spec normative-home`, keeping --deadline.
import { forward } from './lib/forward.mjs';
await forward('normative-home');
