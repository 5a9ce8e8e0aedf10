/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, or `npm run bench -- --cpu-prof`): the
 * functions with the most self time, and the ones with the most total (inclusive) time, each with its
 * share of all samples. Idle time is reported apart and left out of the shares.
 *
 *   npx tsx bench/profile-summary.ts bench/.data/profiles/CPU.….cpuprofile [--top 25] [--match src/]
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
    options: { top: { type: 'string', default: '25' }, match: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N] [--match TEXT]');
  const top = Number(values.top);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
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
  });

  const print = (title: string, map: Map<string, number>) => {
    process.stdout.write(`\n${title}\n`);
    const rows = [...map].filter(([k]) => !values.match || k.includes(values.match)).sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [k, us] of rows) {
      process.stdout.write(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / all).toFixed(1).padStart(5)}%  ${k}\n`);
    }
  };
  process.stdout.write(`${file}\nbusy ${(all / 1000).toFixed(0)} ms, idle/program ${(idle / 1000).toFixed(0)} ms\n`);
  print('Self time by area (package, project folder, native bucket)', areas);
  print('Self time', self);
  print('Total time (inclusive)', total);
}

main();
