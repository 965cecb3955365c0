// Tooltip timing shared by every tooltip on the page: a tooltip opens
// 700 ms after the pointer rests on its trigger; once one has been open, another opens
// at once if the pointer reaches it within 300 ms (the "skip delay"). Keyboard focus
// opens a tooltip at once. Clock injectable for tests.

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export class TooltipTiming {
  private open = 0;
  private lastClosed = -Infinity;

  constructor(
    private now: () => number = () => Date.now(),
    readonly openDelay = TOOLTIP_OPEN_DELAY_MS,
    readonly skipDelay = TOOLTIP_SKIP_DELAY_MS,
  ) {}

  /** How long a hovered trigger waits before showing its tooltip. */
  delay(): number {
    if (this.open > 0) return 0;
    return this.now() - this.lastClosed < this.skipDelay ? 0 : this.openDelay;
  }

  opened(): void {
    this.open += 1;
  }

  closed(): void {
    this.open = Math.max(0, this.open - 1);
    if (this.open === 0) this.lastClosed = this.now();
  }
}

/** The page's one provider: every tooltip island shares it. */
export const tooltipTiming = new TooltipTiming();
