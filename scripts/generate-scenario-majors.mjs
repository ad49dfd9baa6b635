#!/usr/bin/env node
// Upstream's conformance/scripts/generate-scenario-majors.mjs, by name: --write regenerates
// scenario-majors.json, no flag (or --check) checks it. The gate is `openwop-spec scenario-majors`.
import { forward } from './lib/forward.mjs';

await forward('scenario-majors');
