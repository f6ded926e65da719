// The lobby's WebSocket (`/api/lobby/ws`): its messages to a page, reconnecting with back-off
// after a drop (a server restart), and the claims of this browser's seeks, sent again on each
// connection so that the seeker's page hears which game its seek became, also after a reload.

import { lobbySocketUrl } from './api';
import { readLobbyMessage } from './lobby-model';
import type { LobbyMessage } from './types';

export class LobbySocket {
  private socket: WebSocket | null = null;
  private closed = false;
  private delay = 500;
  private readonly claims = new Map<string, string>(); // seek id -> its token

  constructor(
    private readonly onMessage: (message: LobbyMessage) => void,
    private readonly onOnline: (online: boolean) => void = () => {},
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(lobbySocketUrl());
    this.socket = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onOnline(true);
      for (const [seek, token] of this.claims) this.sendClaim(seek, token);
    };
    ws.onmessage = (event) => {
      const message = readLobbyMessage(String(event.data));
      if (!message) return;
      if (message.type === 'accepted') this.claims.delete(message.seek);
      this.onMessage(message);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.onOnline(false);
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** Names a seek of this browser's by its token: the socket is told when it is accepted (at once if it was already). */
  claim(seek: string, token: string): void {
    this.claims.set(seek, token);
    if (this.socket?.readyState === WebSocket.OPEN) this.sendClaim(seek, token);
  }

  private sendClaim(seek: string, token: string): void {
    this.socket?.send(JSON.stringify({ type: 'claim', seek, token }));
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
