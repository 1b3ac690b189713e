/**
 * The server a test worker's tests run against. global-setup.ts starts one server per Playwright worker,
 * each with its own database, data folder and SMTP sink, and hands them to the workers in E2E_SERVERS;
 * a worker takes the one of its TEST_PARALLEL_INDEX (0 to workers - 1, kept by a worker that replaces a
 * failed one), so two workers never meet in the same data.
 */
export type TServer = {
  baseURL: string;
  /** where the SMTP sink files the mails this server sends */
  mailDir: string;
  /** the server's environment (DATA_DIR, DATABASE_URL, WEB_DIST…), for the CLI and the database helpers */
  env: Record<string, string>;
};

/**
 * This worker's server. Outside a worker (Playwright's runner loads the config and the specs to list the
 * tests before the global setup starts any server) a stand-in that no test uses.
 */
export function server(): TServer {
  const index = process.env.TEST_PARALLEL_INDEX;
  if (index === undefined) return { baseURL: 'http://127.0.0.1:0', mailDir: '', env: {} };
  // in order of their worker's parallel index
  const found = (JSON.parse(process.env.E2E_SERVERS ?? '[]') as TServer[])[Number(index)];
  if (!found)
    throw new Error('E2E_SERVERS has no server for this worker: run the suite through npm run test:e2e');
  return found;
}
