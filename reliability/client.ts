/**
 * The scripts' HTTP client: Node's fetch (undici, keep-alive), every request counted in a Traffic
 * tally by answer status or connection error (and, when the run asks, recorded one by one), and each
 * answer checked against what the caller expected. An answer outside it is a finding: kept (the first
 * few in full), counted and marked on its record, never thrown, so one run reports every kind of
 * failure it met.
 */
import type { Dataset } from '../bench/dataset.js';

const REQUEST_TIMEOUT_MS = 15_000;
const KEEP_FINDINGS = 10;

export interface Endpoint {
  base: string;
  headers: Record<string, string>;
  /** The client timeout of every request (15 s unless told): no answer within it is a hang. */
  timeoutMs?: number;
}

/** The storefront's view of a server (the channel key) and the staff's (the admin key). */
export function endpointsOf(base: string, dataset: Pick<Dataset, 'channelKey' | 'adminKey'>, timeoutMs?: number): { storefront: Endpoint; admin: Endpoint } {
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  return {
    storefront: { base, headers: { 'channel-key': dataset.channelKey, ...json }, timeoutMs },
    admin: { base, headers: { authorization: `Bearer ${dataset.adminKey}`, ...json }, timeoutMs },
  };
}

export interface Answer {
  /** performance.now() when the request left and when its answer was read. */
  startedAt: number;
  endedAt: number;
  status: number;
  body: any;
  text: string;
  headers: Headers;
  /** Its record, when the traffic keeps them. */
  record?: RequestRecord;
}

/** The request never got an answer: refused, reset, closed, timed out. */
export class NetworkError extends Error {
  constructor(readonly code: string, message: string, readonly startedAt: number, readonly endedAt: number) {
    super(message);
  }

  /** No answer within the client timeout (a hang), rather than a connection that failed. */
  get timedOut(): boolean {
    return this.code === 'TimeoutError' || this.code === 'AbortError';
  }
}

/** A 503 (a server shutting down, a database away): a step to retry, like a refused connection. */
export class ServiceUnavailable extends NetworkError {}

/** Throws ServiceUnavailable for a 503. */
export function throwIfUnavailable(answer: Answer, label: string): void {
  if (answer.status === 503) throw new ServiceUnavailable('503', `${label}: 503 ${answer.text.slice(0, 100)}`, answer.startedAt, answer.endedAt);
}

/** One request and what became of it; times are performance.now() milliseconds. */
export interface RequestRecord {
  /** The X-Request-Id it was sent with (the server logs it at LOG_LEVEL=info, and when it read the request at debug). */
  id: string;
  label: string;
  method: string;
  path: string;
  base: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status; undefined when no answer came (see `failure`). */
  status?: number;
  /** The problem's `code` of an answer of 400 or above. */
  code?: string;
  /** application/problem+json `code`, or the body's start when it is not a problem. */
  detail?: string;
  /** The answer's content-type. */
  type?: string;
  /** Why no answer came: ECONNREFUSED, ECONNRESET, TimeoutError… */
  error?: string;
  /** `timeout`: no answer within the client timeout (a hang); `network`: the connection failed. */
  failure?: 'timeout' | 'network';
  /** Whether the answer is one its request expects: not when none came, nor a 5xx, nor an answer found unexpected. */
  expected: boolean;
  /** Why it was not expected: the finding, the error, or the start of the body. */
  sample?: string;
}

export class Traffic {
  sent = 0;
  readonly byStatus = new Map<number, number>();
  readonly byError = new Map<string, number>();
  /** Answers or errors that break a rule of the run, counted. */
  findings = 0;
  readonly firstFindings: string[] = [];
  /** Every request, when the run asked to keep them. */
  readonly records: RequestRecord[] | undefined;

  constructor(options: { keepRecords?: boolean } = {}) {
    this.records = options.keepRecords ? [] : undefined;
  }

  /** Notes a broken rule (a 5xx, an unexpected answer, a failure after recovery). */
  finding(message: string): void {
    this.findings++;
    if (this.firstFindings.length < KEEP_FINDINGS) this.firstFindings.push(message);
  }

  /** Notes an answer that breaks a rule: a finding, and its record marked unexpected. */
  unexpected(answer: Answer, message: string): void {
    this.finding(message);
    if (answer.record) {
      answer.record.expected = false;
      answer.record.sample = message;
    }
  }

  get answered(): number {
    let n = 0;
    for (const count of this.byStatus.values()) n += count;
    return n;
  }

  get networkErrors(): number {
    let n = 0;
    for (const count of this.byError.values()) n += count;
    return n;
  }

  count(status: number): number {
    return this.byStatus.get(status) ?? 0;
  }

  /** Answers of 500 and above. */
  get serverErrors(): number {
    let n = 0;
    for (const [status, count] of this.byStatus) if (status >= 500) n += count;
    return n;
  }

  /** `200×812 201×160 409×33 ECONNRESET×4` */
  summary(): string {
    const statuses = [...this.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`);
    const errors = [...this.byError].sort().map(([e, n]) => `${e}×${n}`);
    return [...statuses, ...errors].join(' ') || 'none';
  }

  add(other: Traffic): void {
    this.sent += other.sent;
    for (const [s, n] of other.byStatus) this.byStatus.set(s, (this.byStatus.get(s) ?? 0) + n);
    for (const [e, n] of other.byError) this.byError.set(e, (this.byError.get(e) ?? 0) + n);
    this.findings += other.findings;
    for (const f of other.firstFindings) if (this.firstFindings.length < KEEP_FINDINGS) this.firstFindings.push(f);
  }
}

/** The code of a fetch failure: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET (other side closed), TimeoutError… */
function errorCode(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return error.name;
    const cause = (error as { cause?: { code?: string; name?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.name) return cause.name;
    return error.name;
  }
  return 'unknown';
}

/** A fetch failure in full, for the report: `TypeError: fetch failed (connect ECONNREFUSED …)`. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`;
}

let requestCounter = 0;
const requestTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/**
 * Sends one request; the answer (any status), or a NetworkError. `label` names it in the tally's
 * findings and records (`flow/payment`, `GET /v1/orders`).
 */
export async function send(traffic: Traffic, endpoint: Endpoint, method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}, label = `${method} ${path.split('?')[0]}`): Promise<Answer> {
  const startedAt = performance.now();
  traffic.sent++;
  const id = `${label.replace(/[^A-Za-z0-9._:-]+/g, '-').slice(0, 40)}-${requestTag}-${(requestCounter++).toString(36)}`;
  const record: RequestRecord | undefined = traffic.records ? { id, label, method, path, base: endpoint.base, startedAt, endedAt: startedAt, expected: false } : undefined;
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint.base + path, {
      method,
      headers: { ...endpoint.headers, 'x-request-id': id, ...extraHeaders },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const endedAt = performance.now();
    const code = errorCode(error);
    traffic.byError.set(code, (traffic.byError.get(code) ?? 0) + 1);
    const failure = new NetworkError(code, `${label}: ${method} ${path}: ${code}`, startedAt, endedAt);
    if (record) {
      record.endedAt = endedAt;
      record.error = code;
      record.failure = failure.timedOut ? 'timeout' : 'network';
      record.sample = errorText(error).slice(0, 300);
      traffic.records!.push(record);
    }
    throw failure;
  }
  const endedAt = performance.now();
  traffic.byStatus.set(response.status, (traffic.byStatus.get(response.status) ?? 0) + 1);
  let parsed: any;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (record) {
    const code: string | undefined = typeof parsed?.code === 'string' ? parsed.code : undefined;
    record.endedAt = endedAt;
    record.status = response.status;
    if (response.status >= 400) record.code = code;
    record.detail = code ?? text.slice(0, 80);
    record.type = response.headers.get('content-type') ?? undefined;
    // A 5xx is never what a request expects; any other answer is, until a finding says otherwise.
    record.expected = response.status < 500;
    if (!record.expected) record.sample = text.slice(0, 300);
    traffic.records!.push(record);
  }
  return { startedAt, endedAt, status: response.status, body: parsed, text, headers: response.headers, record };
}

/** A finding unless the answer's status is one of `expected`; whether it was. */
export function expectStatus(traffic: Traffic, answer: Answer, label: string, expected: number[]): boolean {
  if (expected.includes(answer.status)) return true;
  traffic.unexpected(answer, `${label} answered ${answer.status} (expected ${expected.join(' or ')}): ${answer.text.slice(0, 300)}`);
  return false;
}

/** The problem code of an answer, if it is a problem. */
export function problemCode(answer: Answer): string | undefined {
  return typeof answer.body?.code === 'string' ? answer.body.code : undefined;
}
