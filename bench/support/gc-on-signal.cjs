// Preloaded into the benchmarked language server (node --expose-gc --require): SIGUSR2 runs a
// full garbage collection, so memory is compared as retained memory, not as garbage not yet
// collected.
'use strict';
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
});
