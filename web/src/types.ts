// The shapes of the server's JSON (docs/web-api.md). Plain data only.

export type Point = [number, number];
export type Colour = 'white' | 'black';

export interface CellPart {
  polygon: Point[];
  colour: string;
}

export interface Cell {
  name: string;
  file: number;
  rank: number;
  polygon: Point[];
  centre: Point;
  colour: string; // "light", "dark", or "both" (then `parts` says how it is split)
  mate: string | null;
  parts?: CellPart[];
}

export interface PieceInfo {
  token: string;
  name: string;
  description: string;
}

export interface Geometry {
  id: string;
  width: number;
  height: number;
  bounds: { min_x: number; min_y: number; max_x: number; max_y: number };
  cells: Cell[];
  pieces?: PieceInfo[];
}

export interface VariantOption {
  name: string;
  values: string[];
  default: string;
}

export interface Variant {
  name: string;
  title: string;
  options: VariantOption[];
  setups: { count: number; kind: 'number' | 'dice' | 'array' | 'relocation' | 'random' | 'seed' | string };
  engine?: boolean; // whether the engine plays this game (engine mode is offered)
  atlas?: boolean; // whether the server has a setup atlas of this game
}

/** One start setup's balance (a row of `GET /api/atlas/VARIANT`): scores are White's view. */
export interface AtlasRow {
  variant: string;
  index: number;
  of: number;
  setup: string; // as /api/setups lists it, accepted by POST /api/games as `setup`
  options: Record<string, string>; // the options the row's start was built with (usually none)
  fen: string;
  limit: string; // the search's limit: nodes=N or depth=D
  depth: number;
  score_cp: number; // a mate counts as ±10000
  mate: number | null; // White mates in n (+n), Black does (-n)
  best_uci: string;
  best_san: string;
  pv: string; // SAN, space-separated
  mating_moves: number; // White's first moves that mate at once
  forced_mate: number | null; // +1/+2 White forces mate in 1/2; -1 Black mates in 1 whatever White plays
  games: number;
  white_wins: number;
  draws: number;
  black_wins: number;
}

export interface Atlas {
  variant: string;
  title: string;
  limit: string;
  count: number;
  rows: AtlasRow[];
}

/** What a chance move brought (Black Swan), as the server gives it: never read out of move text. */
export interface Brought {
  tile: string | null; // the tile turned over ("N", "2+"); null for a promotion
  event: boolean;
  pieces: string[]; // the pieces' tokens in the order drawn (the first stands on `cell`)
  cell: string; // where the move went
}

export interface MoveText {
  uci: string;
  san: string;
  fen?: string; // the position after the move, where the server gives it
  brought?: Brought; // a chance move's outcome
}

export interface LegalMove {
  uci: string;
  san: string;
  from: string;
  to: string;
  promotion?: string;
  label?: string;
  /** Black Swan's stay step: the drawn piece `promotion` stays on the swan's cell (from = to). */
  stays?: boolean;
}

export type Seat = 'white' | 'black' | 'both' | 'spectator';

export interface GameState {
  id: string;
  variant: string;
  title: string;
  options: Record<string, string>;
  mode: 'engine' | 'local' | 'online' | 'analysis';
  seat: Seat;
  start_fen: string;
  fen: string;
  turn: Colour;
  ply: number;
  moves: MoveText[];
  legal: LegalMove[];
  last_move: { from: string; to: string } | null;
  check: string[];
  status: 'playing' | 'over';
  result: string;
  reason: string | null;
  clock?: { white_ms: number; black_ms: number; running: Colour | null; initial_ms: number; increment_ms: number };
  /** The side that offers a draw (online games), or null. */
  draw_offer?: Colour | null;
  /** The piece types (tokens) of this game and setup, and what pawns may promote to (queen first). */
  piece_types?: string[];
  promotions?: string[];
  setup: string | null;
  engine?: { color: Colour; level: number; thinking: boolean };
  // A refereed game: the seed's commitment, the seed once over, unseen tiles per side (`tiles`
  // is the game's tile order), the players' contributions (null: none given) and whether they
  // are still taken (before the first move).
  blackswan?: {
    commitment?: string;
    seed?: string;
    tiles?: string[];
    unseen?: Record<string, Record<string, number>>;
    contributions?: Record<Colour, string | null>;
    contributions_open?: boolean;
  };
  /** A game made in the lobby: the accounts in its seats, each with its rating when the game began. */
  players?: { white?: SeatHolder; black?: SeatHolder };
  rated?: boolean;
  /** Days per move; `deadline` (ms since 1970, while the game is on) is when the side to move loses. */
  correspondence?: { days_per_move: number; deadline?: number };
  /** This seat's own note (only in its GET, never in the pushed states). */
  note?: string;
}

export interface SeatHolder {
  name: string;
  rating: number;
}

export interface CreatedGame {
  id: string;
  tokens: { white?: string; black?: string; both?: string };
  links: { white?: string; black?: string; spectator: string };
}

export interface GameSummary {
  id: string;
  variant: string;
  mode: string;
  status: string;
  result: string;
  ply: number;
  updated: string | number;
}

export interface Roll {
  setup: string;
  dice: unknown;
  changes: string[];
  fen: string;
}

export interface Analysis {
  depth: number;
  score_cp?: number;
  mate?: number;
  pv: { uci: string; san: string }[];
  nodes: number;
  /** Present where the game is over in the analysed position: nothing was searched. */
  over?: { result: string; reason: string };
}

export interface PieceOnBoard {
  token: string; // the game's token in upper case (as in /api/board pieces)
  colour: Colour;
}

// Accounts, the lobby, players (docs/web-api.md, "Players").

/** A seek's time: a clock (base and increment) or correspondence (days per move). */
export type TimeControl = { base_ms: number; increment_ms: number } | { days: number };

export type SeekColour = Colour | 'random';

export interface Seek {
  id: string;
  link: string;
  variant: string;
  options: Record<string, string>;
  setup: string | null;
  clock: TimeControl;
  rated: boolean;
  color: SeekColour; // the seeker's
  to: string | null;
  listed: boolean;
  by: string | null; // the seeker's account
  rating: number | null; // the seeker's rating in the game's family when posted
  created: number;
  expires: number;
}

/** `GET /api/seeks/ID`: the open seek, or the game it became. */
export type SeekStatus = (Seek & { status: 'open' }) | { id: string; status: 'accepted'; game: string; link: string };

export interface LiveGame {
  id: string;
  link: string;
  variant: string;
  options: Record<string, string>;
  white: string | null;
  black: string | null;
  rated: boolean;
  clock: TimeControl;
  started: number;
}

export interface PostedSeek {
  id: string;
  link: string;
  token: string;
}

export interface AcceptedSeek {
  game: string;
  seat: Colour;
  token: string;
  link: string;
  account: string | null;
}

/** What the lobby's WebSocket sends. */
export type LobbyMessage =
  | { type: 'lobby'; seeks: Seek[]; games: LiveGame[] }
  | { type: 'seek'; seek: Seek }
  | { type: 'seek_gone'; id: string }
  | { type: 'game'; game: LiveGame }
  | { type: 'game_gone'; id: string }
  | { type: 'accepted'; seek: string; game: string; seat: Colour; link: string }
  | { type: 'claimed'; seek: string }
  | { type: 'error'; error: string };

export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

export interface PlayerGame {
  game: string;
  link: string;
  variant: string;
  family: string;
  color: Colour;
  opponent: string | null;
  rated: boolean;
  started: number;
  result: string;
  reason: string | null;
  days_per_move?: number;
  clock?: { base_ms: number; increment_ms: number };
  updated: number;
}

export interface Player {
  name: string;
  created: number;
  /** Its owner closed it: the name and games stay, nobody signs in to it. */
  closed?: boolean;
  ratings: Record<string, Rating>;
  playing: PlayerGame[];
  finished: PlayerGame[];
}

/** `GET /api/me/games`: one of the signed-in player's games in play. */
export interface MyGame {
  id: string;
  link: string;
  variant: string;
  color: Colour;
  opponent: string | null;
  rated: boolean;
  your_move: boolean;
  turn: Colour;
  ply: number;
  deadline?: number;
  days_per_move?: number;
  clock?: { base_ms: number; increment_ms: number };
}
