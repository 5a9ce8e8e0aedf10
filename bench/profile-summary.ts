/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, or `npm run bench -- --cpu-prof`): the
 * functions with the most self time, and the ones with the most total (inclusive) time, each with its
 * share of all samples. Idle time is reported apart and left out of the shares.
 *
 * `--from S` / `--to S` keep only the samples taken in that window (seconds from the profile's start),
 * to leave out the server's start (module loading) and keep the load alone; `--timeline` prints the
 * busy time of each second, to see where the load begins and ends. `--callers TEXT` attributes the
 * samples spent in (or under) a function whose name and place contain TEXT to the project code
 * (`src/`) that called it: the nearest `--depth` (3) project frames above it, as far as the stack
 * shows them (work resumed after an `await` starts from the microtask queue).
 *
 *   npx tsx bench/profile-summary.ts bench/.data/profiles/CPU.….cpuprofile [--top 25] [--match src/]
 *                                    [--from S] [--to S] [--timeline] [--callers TEXT [--depth 3]]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  startTime: number;
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function short(url: string): string {
  const cut = url.replace(/^file:\/\//, '');
  const nm = cut.lastIndexOf('node_modules/');
  if (nm >= 0) return cut.slice(nm + 'node_modules/'.length);
  const src = cut.search(/\/(src|bench)\//);
  return src >= 0 ? cut.slice(src + 1) : cut;
}

function keyOf(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  return frame.url ? `${name}  ${short(frame.url)}:${frame.lineNumber + 1}` : name;
}

/** Where a function lives: an npm package, a project folder, node's internals, or a native bucket. */
function areaOf(frame: CallFrame): string {
  if (frame.functionName === 'executeQuery' && frame.url.includes('sqlite-driver')) return 'SQLite (statement execution, native)';
  if (frame.functionName === 'prepare' && frame.url.includes('better-sqlite3')) return 'SQLite (statement preparation, native)';
  if (frame.functionName === 'writev' || frame.functionName === 'writeUtf8String' || frame.functionName === 'writeBuffer') return 'socket writes (syscalls)';
  if (frame.functionName === '(garbage collector)') return 'garbage collector';
  const url = frame.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const project = url.match(/\/(src|bench)\/(.*)$/);
  if (project) return `${project[1]}/${project[2]!.split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return 'node internals';
  if (url.startsWith('wasm:')) return 'wasm';
  return frame.url === '' ? '(native / anonymous)' : url;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      match: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      timeline: { type: 'boolean', default: false },
      callers: { type: 'string' },
      depth: { type: 'string', default: '3' },
    },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N] [--match TEXT]');
  const top = Number(values.top);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const fromUs = values.from === undefined ? -Infinity : Number(values.from) * 1e6;
  const toUs = values.to === undefined ? Infinity : Number(values.to) * 1e6;
  if (Number.isNaN(fromUs) || Number.isNaN(toUs)) throw new Error('--from and --to take seconds');
  const seconds = new Map<number, { busy: number; idle: number }>();

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const total = new Map<string, number>();
  const callers = new Map<string, number>();
  let matched = 0;
  const depth = Number(values.depth);
  const isProject = (frame: CallFrame) => /\/src\//.test(frame.url) && !frame.url.includes('node_modules/');
  let all = 0;
  let idle = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    const isIdle = name === '(idle)' || name === '(program)';
    const second = seconds.get(Math.floor(at / 1e6)) ?? { busy: 0, idle: 0 };
    if (isIdle) second.idle += dt;
    else second.busy += dt;
    seconds.set(Math.floor(at / 1e6), second);
    if (at < fromUs || at >= toUs) return;
    if (isIdle) {
      idle += dt;
      return;
    }
    all += dt;
    const k = keyOf(node.callFrame);
    self.set(k, (self.get(k) ?? 0) + dt);
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(byId.get(at)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
    if (values.callers !== undefined) {
      let hit: number | undefined = id;
      while (hit !== undefined && !keyOf(byId.get(hit)!.callFrame).includes(values.callers)) hit = parent.get(hit);
      if (hit !== undefined) {
        matched += dt;
        const chain: string[] = [];
        for (let up = parent.get(hit); up !== undefined && chain.length < depth; up = parent.get(up)) {
          const frame = byId.get(up)!.callFrame;
          if (isProject(frame)) chain.push(keyOf(frame));
        }
        const k = chain.length === 0 ? '(no project frame on the stack: resumed from the microtask queue)' : chain.join('  <  ');
        callers.set(k, (callers.get(k) ?? 0) + dt);
      }
    }
  });

  const print = (title: string, map: Map<string, number>) => {
    process.stdout.write(`\n${title}\n`);
    const rows = [...map].filter(([k]) => !values.match || k.includes(values.match)).sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [k, us] of rows) {
      process.stdout.write(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / all).toFixed(1).padStart(5)}%  ${k}\n`);
    }
  };
  const window = values.from !== undefined || values.to !== undefined ? ` (samples from ${values.from ?? 0} s to ${values.to ?? 'the end'})` : '';
  process.stdout.write(`${file}${window}\nbusy ${(all / 1000).toFixed(0)} ms, idle/program ${(idle / 1000).toFixed(0)} ms\n`);
  if (values.timeline) {
    process.stdout.write('\nBusy time per second of the profile\n');
    for (const [second, t] of [...seconds].sort((a, b) => a[0] - b[0])) {
      process.stdout.write(`${String(second).padStart(5)} s ${(t.busy / 1000).toFixed(0).padStart(6)} ms busy ${(t.idle / 1000).toFixed(0).padStart(6)} ms idle\n`);
    }
  }
  print('Self time by area (package, project folder, native bucket)', areas);
  print('Self time', self);
  print('Total time (inclusive)', total);
  if (values.callers !== undefined) {
    process.stdout.write(`\nProject callers of "${values.callers}": ${(matched / 1000).toFixed(0)} ms in all (${((100 * matched) / all).toFixed(1)}% of busy), nearest ${depth} src/ frames\n`);
    for (const [k, us] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / all).toFixed(1).padStart(5)}%  ${k}\n`);
    }
  }
}

main();
