// A development page (npm run dev, then /sheet.html): every glyph in both colours and two boards
// drawn from the fixtures, for looking at the drawings without a server.
import './style.css';
import { createBoard } from './board';
import { newBoardState } from './board-state';
import { readFenBoard } from './fen';
import { DRAWN_NAMES } from './glyphs';
import g2016 from './fixtures/geometry-chess2016.json';
import g66 from './fixtures/geometry-chess66.json';
import type { Geometry } from './types';
const NAMES = ['King','Queen','Rook','Bishop','Knight','Pawn','Camel','Tiger','Man','Cannon','Walker','Duchess','Monarch','Wazir','Princess','Leo','Elephant','Camelrider','Griffin','Fers','Lady','Empress','Zebra','Giraffe','Lion','Rhinoceros','Nightrider','Vao','Archbishop'];
const toks = ['K','Q','R','B','N','P','C','T','M','O','A','D','U','W','S','X','E',"C'","G'",'F','J','Y','Z','G','L',"R'",'I','V','H'];
const info = NAMES.map((n,i)=>({token:toks[i],name:n,description:''})).concat([{token:"P'",name:'swan pawn',description:''}]);
const app = document.getElementById('app')!;
const h1 = document.createElement('div'); h1.style.width='640px'; app.appendChild(h1);
const s = newBoardState(g2016 as unknown as Geometry, info);
s.pieces = readFenBoard("vaov/rnzbukbznr/pppppppppp/12/12/12/12/PPPPPPPPPP/RNZBUKBZNR/VAOV w KBkb - 0 1", s.geometry, toks);
s.lastMove = {from:'e2', to:'e4'}; s.check=['f10'];
s.legal=[{uci:'e2e4',san:'e4',from:'e2',to:'e4'},{uci:'e2e3',san:'e3',from:'e2',to:'e3'}]; s.selected='e2';
createBoard(h1, s, ()=>{});
const h2 = document.createElement('div'); h2.style.width='560px'; app.appendChild(h2);
const s2 = newBoardState(g66 as unknown as Geometry, info);
s2.pieces = readFenBoard('rnbkqbnr/pppppppp/8/9/N8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', s2.geometry, toks);
s2.legal=[{uci:'a3a4',san:'a4',from:'a3',to:'a4'},{uci:'434',san:'x',from:'4',to:'b6'},{uci:'4a5',san:'x',from:'4',to:'a5'}]; s2.selected='4';
createBoard(h2, s2, ()=>{});
const grid = document.createElement('div'); grid.style.cssText='display:grid;grid-template-columns:repeat(10,120px);gap:4px;background:#b08660';
for (const colour of ['white','black']) for (const n of [...NAMES,'swan pawn']) {
  grid.innerHTML += `<div style="text-align:center;font-size:11px"><svg viewBox="0 0 100 100" width="90" height="90"><g class="piece ${colour}"><use href="#glyph-${n.toLowerCase().replace(/[^a-z0-9]+/g,'-')}"/></g></svg><br>${n}</div>`;
}
app.appendChild(grid);
void DRAWN_NAMES;
