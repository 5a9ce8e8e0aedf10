/**
 * The tables `npm run bench` prints, and their place in BENCHMARKS.md: each configuration (database,
 * API processes, connections) and each `--scale` curve has its own block between markers
 * (`<!-- bench:sqlite:w1:c10:start -->` … `<!-- bench:sqlite:w1:c10:end -->`), so `--write` replaces
 * that block alone and the others stay. A missing block is added after the last one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { STEPS } from './checkout-flow.js';
import { DATA_DIR } from './dataset.js';
import type { FlowRow, Row } from './measure.js';
import { FLOW, WEBHOOKS, targetMet, targetText, type FlowScenario } from './scenarios.js';
import { ROOT } from './servers.js';
import type { WebhookBenchResult } from './webhooks.js';

/** Server RSS at the 100-connection load stays under this (the issue's aim). */
export const RSS_TARGET_MB = 200;

export function mb(bytes: number | undefined): string {
  return bytes === undefined ? '—' : (bytes / 1024 ** 2).toFixed(0);
}

function metText(met: boolean | undefined): string {
  return met === undefined ? '—' : met ? 'yes' : '**no**';
}

/** A row's name in the tables and the kept summaries: the scenario's, marked when measured cold. */
export function rowName(row: Row): string {
  return row.mode === 'cold' ? `${row.scenario.name} (cold)` : row.scenario.name;
}

/** The rows whose targets are judged: the cold ones when the run has some (the targets are set for cold), else all. */
export function judgedRows(rows: Row[]): Row[] {
  return rows.some((r) => r.mode === 'cold') ? rows.filter((r) => r.mode === 'cold') : rows;
}

export function isMet(row: Row): boolean | undefined {
  return targetMet(row.scenario.target, row.ratio, row.real.p99);
}

/** A ratio to the bare side as the tables print it; a dash without one. */
function ratioText(ratio: number): string {
  return Number.isNaN(ratio) ? '—' : ratio.toFixed(3);
}

/** The rows, each scenario's cached row followed by its cold one. */
function scenarioOrder(rows: Row[]): Row[] {
  const first = new Map<string, number>();
  rows.forEach((row, i) => {
    if (!first.has(row.scenario.name)) first.set(row.scenario.name, i);
  });
  return [...rows].sort((a, b) => first.get(a.scenario.name)! - first.get(b.scenario.name)! || (a.mode === b.mode ? 0 : a.mode === 'cached' ? -1 : 1));
}

/** Every row; with cached and cold rows, side by side, the targets judged on the cold ones. */
export function table(rows: Row[]): string {
  const lines = [
    '| scenario | body | real req/s | bare req/s | ratio | real p50 / p99 (ms) | bare p50 / p99 (ms) | server RSS (MB) | target | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  const judged = judgedRows(rows);
  for (const row of scenarioOrder(rows)) {
    const bare = row.bare;
    const body = `${(row.bodyBytes / 1024).toFixed(1)} KiB${row.pool === undefined ? '' : `, mean of ${row.pool}`}`;
    const target = judged.includes(row) ? targetText(row.scenario.target) : '— (judged cold)';
    lines.push(
      `| \`${rowName(row)}\`: ${row.title} | ${body} | ${row.real.rps.toFixed(0)} | ${bare ? bare.rps.toFixed(0) : '—'} | ${ratioText(row.ratio)} | ${row.real.p50} / ${row.real.p99} | ${bare ? `${bare.p50} / ${bare.p99}` : '—'} | ${mb(row.rss)} | ${target} | ${metText(judged.includes(row) ? isMet(row) : undefined)} |`,
    );
  }
  return lines.join('\n');
}

/** Each scenario measured both ways: its cached and cold figures in one line; empty when none was. */
export function coldBesideCached(rows: Row[]): string {
  const lines = [
    '| scenario | cached: real req/s | cached: ratio | cached: real p99 (ms) | cold: real req/s | cold: ratio | cold: real p99 (ms) | cold ÷ cached req/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const cold of rows.filter((r) => r.mode === 'cold')) {
    const cached = rows.find((r) => r.mode === 'cached' && r.scenario === cold.scenario);
    if (!cached) continue;
    lines.push(
      `| ${cold.scenario.name} | ${cached.real.rps.toFixed(0)} | ${ratioText(cached.ratio)} | ${cached.real.p99} | ${cold.real.rps.toFixed(0)} | ${ratioText(cold.ratio)} | ${cold.real.p99} | ${(cold.real.rps / cached.real.rps).toFixed(3)} |`,
    );
  }
  return lines.length > 2 ? lines.join('\n') : '';
}

export function roundsTable(rows: Row[]): string {
  const lines = ['| scenario | round | real req/s | bare req/s | ratio | real p99 (ms) |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const row of scenarioOrder(rows)) {
    row.realRounds.forEach((real, i) => {
      const bare = row.bareRounds[i];
      lines.push(`| ${rowName(row)} | ${i + 1} | ${real.rps.toFixed(0)} | ${bare ? bare.rps.toFixed(0) : '—'} | ${ratioText(bare ? real.rps / bare.rps : Number.NaN)} | ${real.p99} |`);
    });
  }
  return lines.join('\n');
}

/** The flow's target is set for SQLite; on PostgreSQL it is printed for comparison, not judged. */
export function flowMet(row: FlowRow, db: string, flow: FlowScenario = FLOW): boolean | undefined {
  return db === 'sqlite' ? row.median.flowsPerSecond >= flow.target : undefined;
}

export function flowTable(row: FlowRow, db: string, flow: FlowScenario = FLOW): string {
  const m = row.median;
  return [
    '| scenario | flows/s | bare flows/s | ratio | target | flow p50 / p99 (ms) | bare flow p50 / p99 (ms) | req/s | server RSS (MB) | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| \`${flow.name}\`: ${flow.title} | ${m.flowsPerSecond.toFixed(1)} | ${row.bare?.flowsPerSecond.toFixed(1) ?? '—'} | ${ratioText(row.ratio)} | ≥ ${flow.target} on SQLite | ${m.p50.toFixed(1)} / ${m.p99.toFixed(1)} | ${row.bare ? `${row.bare.p50.toFixed(1)} / ${row.bare.p99.toFixed(1)}` : '—'} | ${m.requestsPerSecond.toFixed(0)} | ${mb(row.rss)} | ${metText(flowMet(row, db, flow))} |`,
  ].join('\n');
}

export function flowStepsTable(row: FlowRow): string {
  return [
    `| step | ${STEPS.join(' | ')} |`,
    `| --- | ${STEPS.map(() => '---:').join(' | ')} |`,
    `| p50 / p99 (ms) | ${STEPS.map((s) => `${row.median.steps[s].p50.toFixed(1)} / ${row.median.steps[s].p99.toFixed(1)}`).join(' | ')} |`,
  ].join('\n');
}

export function flowRoundsTable(row: FlowRow): string {
  const lines = [
    '| round | flows | flows/s | bare flows/s | ratio | req/s | flow p50 / p99 (ms) | server CPU a flow (ms) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  row.rounds.forEach((r, i) => {
    const bare = row.bareRounds[i];
    const ratio = bare ? r.flowsPerSecond / bare.flowsPerSecond : Number.NaN;
    const cpu = r.cpuMsPerFlow?.toFixed(2) ?? '—';
    lines.push(`| ${i + 1} | ${r.flows} | ${r.flowsPerSecond.toFixed(1)} | ${bare?.flowsPerSecond.toFixed(1) ?? '—'} | ${ratioText(ratio)} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} | ${cpu} |`);
  });
  return lines.join('\n');
}

export function webhooksTable(result: WebhookBenchResult): string {
  return [
    '| scenario | events | seconds | events/s | worker start (s) |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| \`${WEBHOOKS.name}\`: ${WEBHOOKS.title} | ${result.events} | ${result.seconds.toFixed(2)} | ${result.eventsPerSecond.toFixed(0)} | ${result.startSeconds.toFixed(2)} |`,
  ].join('\n');
}

/** One step of a `--scale` curve: a scale and the one row measured at it. */
export interface CurvePoint {
  scale: string;
  /** What the request finds at this scale (products matching, orders found), when it says something. */
  found?: string;
  row: Row;
}

/** A query's cost at each scale, and its growth against the smallest. */
export function curveTable(points: CurvePoint[]): string {
  const first = points[0]?.row.real;
  const ratio = (value: number, base: number | undefined) => (base === undefined || !(base > 0) ? '—' : (value / base).toFixed(2));
  const lines = [
    '| scale | found | req/s | mean (ms) | p50 (ms) | p99 (ms) | mean ÷ smallest | p99 ÷ smallest | server RSS (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { scale, found, row } of points) {
    const r = row.real;
    if (r.requests === 0) {
      lines.push(`| ${scale} | ${found ?? '—'} | 0 | no answer within a round | — | — | — | — | ${mb(row.rss)} |`);
      continue;
    }
    lines.push(`| ${scale} | ${found ?? '—'} | ${r.rps.toFixed(r.rps < 10 ? 1 : 0)} | ${r.avg.toFixed(2)} | ${r.p50} | ${r.p99} | ${ratio(r.avg, first?.avg)} | ${ratio(r.p99, first?.p99)} | ${mb(row.rss)} |`);
  }
  return lines.join('\n');
}

// --- the machine and BENCHMARKS.md ---------------------------------------------------------

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export function machine(): string {
  const cpu = cpus();
  const dirty = git(['status', '--porcelain']) !== '' ? ' (working tree has uncommitted changes)' : '';
  return [
    `- date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- git commit: ${git(['rev-parse', '--short', 'HEAD'])}${dirty}`,
    `- CPUs: ${cpu.length} × ${cpu[0]?.model ?? 'unknown'} (the servers and the load generators share them)`,
    `- memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- node: ${process.version}, ${process.platform}/${process.arch}`,
    `- load average at the end (1/5/15 min): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
  ].join('\n');
}

const marker = (block: string, end: 'start' | 'end') => `<!-- bench:${block}:${end} -->`;
/** The one block of results before configurations had blocks: it held SQLite, one process, 10 connections. */
const LEGACY = 'results';
const LEGACY_OF = 'sqlite:w1:c10';

/** Replaces the block `block` (e.g. `sqlite:w1:c10`, `scale:sqlite:w1:c10`) of BENCHMARKS.md with `section`; adds it when missing. */
export function writeBlock(block: string, section: string, file = join(ROOT, 'BENCHMARKS.md')): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n\n## Results\n';
  }
  const wrapped = `${marker(block, 'start')}\n${section}\n${marker(block, 'end')}`;
  let from = text.indexOf(marker(block, 'start'));
  let to = text.indexOf(marker(block, 'end'));
  let endMark = marker(block, 'end');
  if (from < 0 && to < 0 && block === LEGACY_OF) {
    from = text.indexOf(marker(LEGACY, 'start'));
    to = text.indexOf(marker(LEGACY, 'end'));
    endMark = marker(LEGACY, 'end');
  }
  if (from >= 0 && to > from) {
    text = `${text.slice(0, from)}${wrapped}${text.slice(to + endMark.length)}`;
  } else if (from >= 0 || to >= 0) {
    throw new Error(`BENCHMARKS.md has one of ${marker(block, 'start')} … ${marker(block, 'end')} without the other`);
  } else {
    // After the last block there is, so the results stay together; else at the end.
    const ends = [...text.matchAll(/<!-- bench:[\w:.-]+:end -->/g)];
    const last = ends[ends.length - 1];
    const at = last ? last.index! + last[0].length : text.length;
    text = `${text.slice(0, at).replace(/\n*$/, '')}\n\n${wrapped}\n${text.slice(at).replace(/^\n*/, '\n')}`;
  }
  writeFileSync(file, text);
  process.stderr.write(`Recorded in ${file} (block ${block})\n`);
}

// --- the gain of several API processes -----------------------------------------------------

/** What a run measured, kept per configuration (bench/.data/results/<block>.json) to compare runs. */
export interface Summary {
  date: string;
  /** The data set's parameters, so that only runs on the same data are compared. */
  data: string;
  rows: Record<string, { rps: number; p50: number; p99: number }>;
  flow?: { flowsPerSecond: number; p99: number };
}

function summaryFile(block: string): string {
  return join(DATA_DIR, 'results', `${block.replaceAll(':', '-')}.json`);
}

/** Keeps this run's figures, over those of an earlier run of the configuration on the same data. */
export function saveSummary(block: string, data: string, rows: Row[], flowRow: FlowRow | undefined): void {
  const earlier = loadSummary(block, data);
  const summary: Summary = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    data,
    rows: { ...earlier?.rows, ...Object.fromEntries(rows.map((r) => [rowName(r), { rps: r.real.rps, p50: r.real.p50, p99: r.real.p99 }])) },
    flow: flowRow ? { flowsPerSecond: flowRow.median.flowsPerSecond, p99: flowRow.median.p99 } : earlier?.flow,
  };
  mkdirSync(join(DATA_DIR, 'results'), { recursive: true });
  writeFileSync(summaryFile(block), `${JSON.stringify(summary, null, 2)}\n`);
}

/** The last run of a configuration on the same data, if any. */
export function loadSummary(block: string, data: string): Summary | undefined {
  try {
    const summary = JSON.parse(readFileSync(summaryFile(block), 'utf8')) as Summary;
    return summary.data === data ? summary : undefined;
  } catch {
    return undefined;
  }
}

/** This run (N API processes) beside the last run with one process: req/s (flows/s) and p99, and the gain. */
export function gainTable(base: Summary, workers: number, rows: Row[], flowRow: FlowRow | undefined): string {
  const lines = [
    `| scenario | 1 process: req/s | ${workers} processes: req/s | gain | 1 process: p99 (ms) | ${workers} processes: p99 (ms) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const one = base.rows[rowName(row)];
    if (!one) continue;
    lines.push(`| ${rowName(row)} | ${one.rps.toFixed(0)} | ${row.real.rps.toFixed(0)} | ×${(row.real.rps / one.rps).toFixed(2)} | ${one.p99} | ${row.real.p99} |`);
  }
  if (flowRow && base.flow) {
    const m = flowRow.median;
    lines.push(`| ${FLOW.name} (flows/s) | ${base.flow.flowsPerSecond.toFixed(1)} | ${m.flowsPerSecond.toFixed(1)} | ×${(m.flowsPerSecond / base.flow.flowsPerSecond).toFixed(2)} | ${base.flow.p99.toFixed(1)} | ${m.p99.toFixed(1)} |`);
  }
  return lines.length > 2 ? lines.join('\n') : '';
}
