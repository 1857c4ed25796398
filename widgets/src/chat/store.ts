/**
 * The chat state as an external store for React (`useSyncExternalStore`): the socket reads it
 * synchronously (for its cursors and resends) and the components re-render on change.
 */
import { type Action, type ChatState, type Side, initialState, reducer } from './state';

export class ChatStore {
  private state: ChatState;
  private listeners = new Set<() => void>();

  constructor(side: Side) {
    this.state = initialState(side);
  }

  getState = (): ChatState => this.state;

  dispatch = (action: Action): void => {
    const next = reducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((listener) => listener());
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}
