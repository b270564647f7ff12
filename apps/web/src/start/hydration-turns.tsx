import { Suspense, use, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { adoptEarlyInput } from './early-input';

/**
 * A screen the server rendered hydrates in parts, one part per task.
 *
 * React hydrates a Suspense boundary's content in a pass of its own, but every boundary that is
 * ready hydrates in the same pass and is committed at once; the commit (effects, refs, the
 * measuring some controls do) cannot be interrupted, so on a long screen it holds a phone's main
 * thread for a long task. A part wrapped in <HydrateInTurn> waits for its turn instead: its server
 * HTML stays on screen, live parts answer taps, and the parts are committed one after the other,
 * a task apart, in the order they appear.
 *
 * Only the first hydration takes turns (boot.tsx starts them); a part drawn by the browser (a
 * screen opened later, a page not rendered by the server) draws at once.
 */
let taking = false;
let finished = false;
const turns = new Map<string, { promise: Promise<void>; resolve: () => void }>();
/** Parts that wait, in the order they first asked for a turn. */
const waiting: string[] = [];
let current: string | undefined;
let limit: ReturnType<typeof setTimeout> | undefined;
let whenDone: () => void = () => undefined;
const done = new Promise<void>((resolve) => {
  whenDone = resolve;
});
/** A part given its turn that has not hydrated by then (it left the screen) gives it up. */
const TURN_LIMIT_MS = 1000;

function finish() {
  taking = false;
  finished = true;
  whenDone();
}

/** Gives the next waiting part its turn; with none left, the first hydration is over. */
function advance() {
  const id = waiting.shift();
  current = id;
  if (id === undefined) {
    finish();
    return;
  }
  // React itself follows the promise `use` was given: once it settles, React retries the part.
  turns.get(id)!.resolve();
  limit = setTimeout(() => passTurn(id), TURN_LIMIT_MS);
}

/** The part with the turn is done: the next one hydrates in a later task. */
function passTurn(id: string) {
  if (current !== id) return;
  clearTimeout(limit);
  current = undefined;
  setTimeout(advance, 0);
}

function turnOf(id: string): Promise<void> {
  let turn = turns.get(id);
  if (!turn) {
    let resolve!: () => void;
    const promise = new Promise<void>((settle) => {
      resolve = settle;
    });
    turn = { promise, resolve };
    turns.set(id, turn);
    waiting.push(id);
    if (current === undefined && waiting.length === 1) setTimeout(advance, 0);
  }
  return turn.promise;
}

/** boot.tsx, before it hydrates a page the server rendered. */
export function takeHydrationTurns(): void {
  taking = true;
}

/**
 * Runs `run` once every part has hydrated: the screen is then wholly live. At once, in the same
 * task, when no part waits. Call it once the screen is committed, when all its parts have asked
 * for a turn.
 */
export function afterHydrationTurns(run: () => void): void {
  if (!finished && current === undefined && waiting.length === 0) finish();
  if (finished) run();
  else void done.then(run);
}

/** Whether a node of the page is in a part still waiting for its turn (not live yet). */
export function awaitingHydration(node: Element): boolean {
  const id = node.closest<HTMLElement>('[data-turn]')?.dataset.turn;
  return id !== undefined && (id === current || waiting.includes(id));
}

function Turn({
  turn,
  id,
  children,
}: {
  turn: Promise<void> | undefined;
  id: string;
  children: ReactNode;
}) {
  if (turn) use(turn);
  const part = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // What was typed into this part's server HTML before it was live is its fields' now (the
    // screen hands over the rest as it becomes live: app/router.tsx).
    if (part.current && document.documentElement.dataset.ready === undefined) {
      adoptEarlyInput(part.current);
    }
    passTurn(id);
  }, [id]);
  return (
    <div data-turn={id} ref={part}>
      {children}
    </div>
  );
}

/** A part of a screen (drawn in a <div> of its own) that hydrates in its own turn (see above). */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  const id = useId();
  // The part asks for its turn as its parent renders: React hydrates a boundary's content only in
  // a later pass, and the screen must know by its own commit that this part is still to come.
  const turn = taking ? turnOf(id) : undefined;
  return (
    <Suspense fallback={null}>
      <Turn turn={turn} id={id}>
        {children}
      </Turn>
    </Suspense>
  );
}

/**
 * The ref of an element around a part that becomes live after the rest of the screen: a lazy part,
 * whose code loads when React first reaches it, hydrates after the screen's own hand-over has run.
 * Once the part is committed (hydrated, or drawn afresh), what was typed into its server HTML is
 * handed to it; drawn afresh, its fields hold their rendered values and nothing happens.
 */
export function useEarlyInputOf<T extends Element>(): RefObject<T | null> {
  const part = useRef<T>(null);
  useEffect(() => {
    if (part.current) adoptEarlyInput(part.current);
  }, []);
  return part;
}
