/**
 * Threads that read and parse whole resource files (`fastRead`) while the main thread goes on:
 * a must-gather's hundreds of Node files and pod Lists are most of an analysis' parsing, and a
 * machine has more than one core. The main thread takes part: it runs queued reads between its
 * other work, from the far end of the queue, so one core still does everything and no read
 * waits for a thread that is starting. A thread's answer is plain data, copied once across.
 *
 * Bounded like the rest: at most `threads - 1` threads, each with a heap limit, each holding a
 * few reads at a time; idle threads end after `idleMs`, so a language server holds none while
 * nobody reads. A thread that fails gives its reads back to the main thread, and a pool whose
 * threads cannot start reads on the main thread alone, once said in the log.
 */
import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { cannotRead, fastRead } from './fastRead';
import type { FastMode, FastRead } from './fastRead';

export interface ReadPoolOptions {
  /** The bundled thread script (`dist/readWorker.js`). */
  workerFile: string;
  /** Threads in all, the main one included: 1 reads on the main thread only. */
  threads: number;
  /** An idle thread ends after this long (default 10 s). */
  idleMs?: number;
  /** One line when something goes wrong (a thread that fails, or cannot start). */
  log?: (line: string) => void;
}

/** A read asked of a thread, and its answer. */
export interface ReadRequest {
  id: number;
  path: string;
  mode: FastMode;
}
export interface ReadAnswer {
  id: number;
  read: FastRead;
}

interface Job extends ReadRequest {
  done: (r: FastRead) => void;
}

interface Thread {
  worker: Worker;
  running: Map<number, Job>;
  idle?: NodeJS.Timeout;
}

/** Reads a thread holds at once: the next ones wait in its port, so it never waits on ours. */
const perThread = 4;

/** A heap limit per thread: a hostile file ends its thread, and is read again here. */
const threadHeapMiB = 1024;

/** A read on the calling thread: the same function a pool thread runs. */
export function readHere(path: string, mode: FastMode): FastRead {
  try {
    return fastRead(readFileSync(path), mode);
  } catch (err) {
    return cannotRead(err);
  }
}

export class ReadPool {
  private readonly queue: Job[] = [];
  private head = 0;
  /** Reads a thread held when it failed: read here, never by another thread, which would fail too. */
  private readonly mainOnly: Job[] = [];
  private failures = 0;
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private mainTurn = false;
  private broken = false;
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {}

  /** How many threads read besides the main one (they start on first use or `warm`). */
  get helpers(): number {
    return this.broken || this.closed ? 0 : Math.max(0, this.options.threads - 1);
  }

  /** Starts the threads now, so that they are ready by the time the first files are read. */
  warm(): void {
    while (this.threads.length < this.helpers) this.start();
  }

  read(path: string, mode: FastMode): Promise<FastRead> {
    return new Promise((done) => {
      this.queue.push({ id: this.nextId++, path, mode, done });
      this.pump();
    });
  }

  /** Ends every thread; reads still queued finish on the main thread. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const t of threads) this.giveBack(t);
    this.pump();
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private get waiting(): number {
    return this.queue.length - this.head;
  }

  private get waitingHere(): number {
    return this.mainOnly.length + this.waiting;
  }

  private takeFirst(): Job | undefined {
    if (this.waiting === 0) return undefined;
    const job = this.queue[this.head++];
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return job;
  }

  private takeLast(): Job | undefined {
    return this.mainOnly.pop() ?? (this.waiting === 0 ? undefined : this.queue.pop());
  }

  private pump(): void {
    if (this.waiting > 0 && this.threads.length < this.helpers) this.start();
    for (const t of this.threads) {
      while (t.running.size < perThread && this.waiting > 0) this.send(t, this.takeFirst()!);
    }
    this.scheduleMain();
  }

  /** The main thread reads one queued file per turn of the event loop, from the far end. */
  private scheduleMain(): void {
    if (this.mainTurn || this.waitingHere === 0) return;
    this.mainTurn = true;
    setImmediate(() => {
      this.mainTurn = false;
      const job = this.takeLast();
      if (job) job.done(readHere(job.path, job.mode));
      this.pump();
    });
  }

  private send(t: Thread, job: Job): void {
    if (t.idle) clearTimeout(t.idle);
    t.idle = undefined;
    if (t.running.size === 0) t.worker.ref();
    t.running.set(job.id, job);
    const request: ReadRequest = { id: job.id, path: job.path, mode: job.mode };
    t.worker.postMessage(request);
  }

  private start(): void {
    let worker: Worker;
    try {
      // Loaded with the first thread: a run on one thread never loads it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
      const threads = require('node:worker_threads') as { Worker: typeof Worker };
      worker = new threads.Worker(this.options.workerFile, {
        resourceLimits: { maxOldGenerationSizeMb: threadHeapMiB },
        stdout: false,
        stderr: false,
      });
    } catch (err) {
      this.fail(`reading on one thread: no read thread could start (${String(err)})`);
      return;
    }
    const t: Thread = { worker, running: new Map() };
    let answered = false;
    worker.unref();
    worker.on('message', (answer: ReadAnswer) => {
      answered = true;
      const job = t.running.get(answer.id);
      if (!job) return;
      t.running.delete(answer.id);
      job.done(answer.read);
      if (t.running.size === 0) this.rest(t);
      this.pump();
    });
    const failed = (why: string) => {
      // A thread that never answered may not run here at all; threads failing again and again
      // are not started any more: read on the main thread from now on.
      this.failures++;
      if (!answered || this.failures >= 3)
        this.fail(`reading on the main thread only: a read thread failed (${why})`);
      else this.options.log?.(`a read thread stopped (${why}); its files are read here`);
      this.drop(t);
    };
    worker.on('error', (err) => failed(err.message));
    worker.on('exit', (code) => {
      // Ended by `close` or when idle, it holds nothing; else it stopped under its reads.
      if (this.threads.includes(t) && !this.closed) failed(`exit code ${code}`);
      else this.drop(t);
    });
    this.threads.push(t);
  }

  /** An idle thread is let go of, and ends after a while. */
  private rest(t: Thread): void {
    t.worker.unref();
    const idleMs = this.options.idleMs ?? 10_000;
    t.idle = setTimeout(() => {
      if (t.running.size > 0) return;
      this.drop(t);
      void t.worker.terminate();
    }, idleMs);
    t.idle.unref();
  }

  private fail(line: string): void {
    if (!this.broken) this.options.log?.(line);
    this.broken = true;
  }

  /** A thread gone: its reads are read on the main thread. */
  private drop(t: Thread): void {
    const at = this.threads.indexOf(t);
    if (at >= 0) this.threads.splice(at, 1);
    if (t.idle) clearTimeout(t.idle);
    this.giveBack(t);
    this.pump();
  }

  private giveBack(t: Thread): void {
    for (const job of t.running.values()) this.mainOnly.push(job);
    t.running.clear();
  }
}

/**
 * The read threads of `threads` in all (the main one included), or none for one: what a front
 * end makes of `readThreads()`. `workerFile` is the bundled `readWorker.js` beside it.
 */
export function readPoolOf(
  threads: number,
  workerFile: string,
  log?: (line: string) => void,
): ReadPool | undefined {
  return threads > 1 ? new ReadPool({ workerFile, threads, ...(log ? { log } : {}) }) : undefined;
}
