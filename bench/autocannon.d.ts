// The part of autocannon's programmatic API the harness uses (the package ships no types and
// @types/autocannon is not a dependency).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }

  /** A request as autocannon builds it; `setupRequest` may change it before each send. */
  export interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called with each connection's client as it is made, before its first request. */
    setupClient?: (client: Client) => void;
  }

  /** One connection. */
  export interface Client {
    /** The requests this connection sends in turn, from the first, each built once. */
    setRequests(requests: RequestOptions[]): void;
  }

  export interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
