/**
 * Checks, after a run of `playwright.cluster.config.ts`, that the requests of each journey were
 * answered by at least two different nodes of the cluster. The tests run one at a time; each
 * test's requests are the lines of HAProxy's log (`target/cluster/haproxy.log`, one per
 * request, with the time it was received and `nodes/<node>`) between the test's start and end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const LOG = process.env.MALL_CLUSTER_HAPROXY_LOG ?? join(__dirname, '..', 'target', 'cluster', 'haproxy.log');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A request of the log: when HAProxy received it (ms since the epoch) and the node that answered. */
interface Served {
  at: number;
  node: string;
}

/** `[29/Nov/2026:01:50:00.123] mall nodes/node-2 ...` (HAProxy's `option httplog`, local time). */
export function parseLog(text: string): Served[] {
  const served: Served[] = [];
  const line = /\[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})\.(\d{3})\] \S+ nodes\/(\S+) /;
  for (const row of text.split('\n')) {
    const m = line.exec(row);
    if (!m || m[8] === '<NOSRV>') continue;
    const [, d, mon, y, h, min, s, ms, node] = m;
    const at = new Date(+y, MONTHS.indexOf(mon), +d, +h, +min, +s, +ms).getTime();
    served.push({ at, node });
  }
  return served;
}

export default class ClusterReporter implements Reporter {
  private runs: { title: string; start: number; end: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const start = result.startTime.getTime();
    this.runs.push({ title: test.title, start, end: start + result.duration });
  }

  onEnd(result: FullResult): { status?: FullResult['status'] } | undefined {
    let served: Served[];
    try {
      served = parseLog(readFileSync(LOG, 'utf8'));
    } catch (error) {
      console.error(`cluster check: cannot read ${LOG}: ${error}`);
      return { status: 'failed' };
    }
    let failed = false;
    for (const run of this.runs) {
      const nodes = new Map<string, number>();
      for (const s of served) {
        if (s.at >= run.start - 5 && s.at <= run.end + 5) nodes.set(s.node, (nodes.get(s.node) ?? 0) + 1);
      }
      const summary = [...nodes].map(([node, n]) => `${node} ${n}`).join(', ') || 'no requests';
      const ok = nodes.size >= 2;
      failed ||= !ok;
      console.log(`cluster check ${ok ? 'ok' : 'FAILED'}: ${run.title}: ${summary}`);
    }
    if (this.runs.length === 0) {
      console.error('cluster check: no journey ran');
      failed = true;
    }
    return failed ? { status: 'failed' } : { status: result.status };
  }
}
