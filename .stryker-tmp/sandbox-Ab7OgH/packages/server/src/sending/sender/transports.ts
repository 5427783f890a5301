// @ts-nocheck
import type { Relay } from '../relays.ts';
import { smtpTransport } from '../transports/smtp.ts';
import type { Transport } from '../transports/transport.ts';

const IDLE_TRANSPORT_MS = 60_000;

/** One pooled transport per relay and process, replaced when the relay's settings change, closed when idle. */
export class Transports {
  private cache = new Map<string, { t: Transport; key: string; used: number }>();
  private readonly options: { connectionsPerRelay: number; connectionsPerPmtaServer: number };

  constructor(options: { connectionsPerRelay: number; connectionsPerPmtaServer: number }) {
    this.options = options;
  }

  get(relay: Relay): Transport {
    const id = relay.transportKey;
    const hit = this.cache.get(id);
    if (hit && hit.key === relay.configKey) {
      hit.used = Date.now();
      return hit.t;
    }
    hit?.t.close();
    const maxConnections = relay.vmta ? this.options.connectionsPerPmtaServer : this.options.connectionsPerRelay;
    const t = smtpTransport({ ...relay.config(), maxConnections });
    this.cache.set(id, { t, key: relay.configKey, used: Date.now() });
    return t;
  }

  sweep(all = false) {
    for (const [id, e] of this.cache) {
      if (all || Date.now() - e.used > IDLE_TRANSPORT_MS) {
        e.t.close();
        this.cache.delete(id);
      }
    }
  }
}
