// Preload for tests: any attempt to open a network connection or resolve a name throws, so a
// run that completes proves the code never reaches the network.
'use strict';
const net = require('node:net');
const dns = require('node:dns');
const fail = (what) => () => {
  throw new Error(`network access attempted: ${what}`);
};
net.Socket.prototype.connect = fail('net.Socket.connect');
net.connect = fail('net.connect');
net.createConnection = fail('net.createConnection');
dns.lookup = fail('dns.lookup');
dns.resolve = fail('dns.resolve');
for (const mod of ['node:http', 'node:https']) {
  const m = require(mod);
  m.request = fail(`${mod}.request`);
  m.get = fail(`${mod}.get`);
}
globalThis.fetch = fail('fetch');
