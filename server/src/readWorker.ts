/**
 * A read thread of `gather/readPool.ts`: reads and parses the files it is sent, one at a time,
 * and answers each with plain data. Bundled on its own (`dist/readWorker.js`), small, so that a
 * thread starts in a few milliseconds.
 */
import { parentPort } from 'node:worker_threads';
import { readHere } from './service/readThread';
import type { ReadAnswer, ReadRequest } from './service/readThread';

const port = parentPort;
if (!port) throw new Error('readWorker.js runs as a read thread of the analysis, not alone');
port.on('message', (request: ReadRequest) => {
  const answer: ReadAnswer = { id: request.id, read: readHere(request.path, request.mode) };
  port.postMessage(answer);
});
