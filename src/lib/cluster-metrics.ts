import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// `serve --workers N`: the API processes share one port, so a scrape reaches any one of them. Each
// answers for all: it asks the primary, which gathers every process's metrics over the cluster's IPC
// channel and adds them up (prom-client's AggregatorRegistry; a metric may say how it is combined).

const ASK = 'storefront:metrics-ask';
const ANSWER = 'storefront:metrics-answer';
/** Longer than the primary's own wait for its processes (prom-client: 5 s). */
const ANSWER_TIMEOUT_MS = 10_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the cluster's primary: answers an API process asking for the metrics of all of them. */
export function gatherClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number } | null) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then((text) => reply({ text }), (error: Error) => reply({ error: error.message }));
  });
}

/**
 * In an API process of a cluster: gives `registry` to the primary when it gathers, and answers the
 * function that asks it for everyone's metrics (rejecting when they do not come).
 */
export function clusterMetricsOf(registry: Registry): () => Promise<string> {
  // Constructed in a worker, it answers the primary's gathering with the registries set here.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let next = 0;
  process.on('message', (message: Answer | null) => {
    if (message?.type !== ANSWER) return;
    const asker = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) asker?.resolve(message.text);
    else asker?.reject(new Error(message.error ?? 'no metrics'));
  });
  return () => new Promise((resolve, reject) => {
    const id = next++;
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer'));
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send!({ type: ASK, id });
  });
}
