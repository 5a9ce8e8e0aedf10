#!/usr/bin/env node
// The published entry point runs the compiled CLI (`npm run build` makes dist/).
import '../dist/cli.js';
