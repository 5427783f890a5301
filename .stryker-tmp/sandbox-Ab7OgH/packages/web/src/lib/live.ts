// @ts-nocheck
import { useEffect, useRef } from 'react';
import { createParser } from 'eventsource-parser';
import type { Topic, TopicPayloads } from '@console/shared/hub';
import { API_BASE, logoutLocally, refreshSession } from './http.ts';
import { getSession, subscribeSession } from './session.ts';

export type { TopicPayloads };
type Payload<T extends Topic> = T extends keyof TopicPayloads ? TopicPayloads[T] : unknown;
type Handler = (data: unknown) => void;

const MIN_DELAY = 1_000;
const MAX_DELAY = 30_000;

/**
 * One server-sent-events stream per tab, opened while somebody listens and a session exists.
 * EventSource cannot send an Authorization header, so the stream is read with fetch and parsed with
 * eventsource-parser. A dropped stream reconnects with exponential backoff; a 401 renews the token.
 */
class LiveHub {
  private handlers = new Map<string, Set<Handler>>();
  private abort: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay = MIN_DELAY;
  private token: string | undefined;

  constructor() {
    // Sign-in, sign-out and token renewal change who the stream is for.
    subscribeSession(() => {
      if (getSession()?.token !== this.token) this.restart();
    });
  }

  subscribe(topic: string, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    if (!this.abort && !this.timer) this.restart();
    return () => {
      set.delete(handler);
      if (!set.size) this.handlers.delete(topic);
      if (!this.handlers.size) this.stop();
    };
  }

  private stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.abort?.abort();
    this.abort = null;
    this.token = undefined;
  }

  private restart() {
    this.stop();
    this.delay = MIN_DELAY;
    if (this.handlers.size && getSession()) void this.connect();
  }

  private later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.handlers.size && getSession()) void this.connect();
    }, this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
  }

  private async connect() {
    const token = getSession()?.token;
    if (!token) return;
    const abort = new AbortController();
    this.abort = abort;
    this.token = token;
    try {
      const res = await fetch(`${API_BASE}/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        const outcome = await refreshSession(token);
        if (outcome === 'denied') return logoutLocally();
        // A renewed token restarts the stream through the session subscription.
        if (outcome === 'offline' && !abort.signal.aborted) this.later();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      this.delay = MIN_DELAY;
      const parser = createParser({
        onEvent: (e) => this.dispatch(e.event ?? 'message', e.data),
        onRetry: (ms) => {
          this.delay = Math.max(MIN_DELAY, ms);
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      /* network failure or abort: handled below */
    }
    if (this.abort === abort && !abort.signal.aborted) {
      this.abort = null;
      this.later();
    }
  }

  private dispatch(topic: string, raw: string) {
    const set = this.handlers.get(topic);
    if (!set) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of [...set]) h(data);
  }
}

export const liveHub = new LiveHub();

/** Calls `handler` for each live message of `topic` while the component is mounted. */
export function useLiveEvent<T extends Topic>(topic: T, handler: (data: Payload<T>) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => liveHub.subscribe(topic, (data) => ref.current(data as Payload<T>)), [topic]);
}
