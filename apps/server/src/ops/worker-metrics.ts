/**
 * One scrape of GET /api/metrics shows the whole server when WORKERS > 1 (issue 32): the worker
 * that takes the scrape asks the supervisor, the supervisor asks every other worker over the
 * cluster's IPC channel and hands back what came back, and the worker merges it with its own
 * (ops/metrics.ts). prom-client's `AggregatorRegistry.clusterMetrics()` cannot do this here: it
 * runs in the primary, which serves no HTTP, and fails the whole scrape when one worker is late.
 * A stuck worker (a long synchronous task, SIGSTOP) costs the scrape at most GATHER_TIMEOUT_MS
 * and its share of the counts; the scrape says how many workers answered.
 *
 * Nothing here loads prom-client or the app: the supervisor imports this file and stays small.
 */
import cluster, { type Worker } from 'node:cluster';

/** How long the supervisor waits for the other workers; a healthy one answers in milliseconds. */
export const GATHER_TIMEOUT_MS = 1_000;

// worker → supervisor: a scrape wants the other workers' metrics
const GATHER = 'bit:metrics:gather';
// supervisor → each other worker: send your metrics
const COLLECT = 'bit:metrics:collect';
// each other worker → supervisor
const COLLECTED = 'bit:metrics:collected';
// supervisor → the worker that asked
const GATHERED = 'bit:metrics:gathered';

interface Message {
  type?: unknown;
  id: number;
  metrics?: unknown;
  workers?: number;
}
const isMessage = (m: unknown, type: string): m is Message =>
  typeof m === 'object' && m !== null && (m as Message).type === type;

// a send to a worker (or supervisor) that has just gone fails; unanswered, it counts as missing
const ignoreFailure = () => {};

/**
 * In the supervisor: answers every worker's GATHER with the metrics the other listening workers
 * sent within `timeoutMs`, and `workers`, how many were asked (the one asking included).
 */
export function relayWorkerMetrics(timeoutMs = GATHER_TIMEOUT_MS): void {
  // a worker still starting serves no requests and has no metrics yet: it is not waited for
  const listening = new Set<Worker>();
  const gathers = new Map<number, { waiting: Set<Worker>; metrics: unknown[]; finish(): void }>();
  let nextId = 0;

  const received = (gather: { waiting: Set<Worker>; finish(): void }, worker: Worker) => {
    if (gather.waiting.delete(worker) && gather.waiting.size === 0) gather.finish();
  };
  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker) => {
    listening.delete(worker);
    for (const gather of gathers.values()) received(gather, worker);
  });
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage(message, COLLECTED)) {
      const gather = gathers.get(message.id);
      if (gather?.waiting.has(worker)) gather.metrics.push(message.metrics);
      if (gather) received(gather, worker);
      return;
    }
    if (!isMessage(message, GATHER)) return;
    const others = [...listening].filter((w) => w !== worker && w.isConnected());
    const id = nextId++;
    const gather = {
      waiting: new Set(others),
      metrics: [] as unknown[],
      finish() {
        clearTimeout(timer);
        gathers.delete(id);
        const answer = {
          type: GATHERED,
          id: message.id,
          metrics: gather.metrics,
          workers: others.length + 1,
        };
        if (worker.isConnected()) worker.send(answer, ignoreFailure);
      },
    };
    const timer = setTimeout(() => gather.finish(), timeoutMs);
    gathers.set(id, gather);
    for (const other of others) other.send({ type: COLLECT, id }, ignoreFailure);
    if (others.length === 0) gather.finish();
  });
}

/** In a worker: answers the supervisor's requests with `collect()`. Returns what stops it. */
export function answerWorkerMetrics(collect: () => Promise<unknown>): () => void {
  const onMessage = (message: unknown) => {
    if (!isMessage(message, COLLECT)) return;
    collect().then(
      (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }, undefined, {}, ignoreFailure),
      ignoreFailure,
    );
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

let nextGather = 0;

/**
 * In a worker: the other workers' metrics, through the supervisor, and how many workers it asked
 * (this one included). Without an answer in time (a supervisor gone or stuck) this worker's alone,
 * out of the `expected` (WORKERS).
 */
export function gatherWorkerMetrics(
  expected: number,
  timeoutMs = 2 * GATHER_TIMEOUT_MS,
): Promise<{ metrics: unknown[]; workers: number }> {
  const alone = { metrics: [], workers: expected };
  if (!process.send || !process.connected) return Promise.resolve(alone);
  const id = nextGather++;
  return new Promise((resolve) => {
    const done = (answer: { metrics: unknown[]; workers: number }) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(answer);
    };
    const onMessage = (message: unknown) => {
      if (!isMessage(message, GATHERED) || message.id !== id) return;
      const metrics = Array.isArray(message.metrics) ? message.metrics : [];
      done({ metrics, workers: message.workers ?? metrics.length + 1 });
    };
    const timer = setTimeout(() => done(alone), timeoutMs);
    process.on('message', onMessage);
    process.send?.({ type: GATHER, id }, undefined, {}, ignoreFailure);
  });
}
