// The floor for a JSON file: a new Node process that reads one file and JSON.parses it once.
'use strict';
const fs = require('node:fs');
const value = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
process.stdout.write(String(Array.isArray(value.items) ? value.items.length : 0));
