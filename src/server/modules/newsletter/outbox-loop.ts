/** Looks for due rows this often, unless the sender knows better (idleMs), even when nothing in this process woke it. */
export const OUTBOX_POLL_MS = 1000;

type Log = { warn: (details: object, message: string) => void };

/**
 * An outbox sender (the newsletter webhook's, the confirmation mail's, the
 * contact form's, the content webhooks'): a sender declares its `round` (claim
 * and handle up to a batch of due rows) and this runs it from `start()` to
 * `stop()`. A full batch goes round again at once, otherwise the loop waits
 * for `wake()` (a row was just committed here) or the poll (`idleMs`). Rows live in the
 * database, so whatever a stopped copy left is taken by the next round of any copy.
 */
export abstract class OutboxLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly outbox: {
      /** How many rows a round claims at most. */
      batch: number;
      /** The warning logged when a round fails (the database is away, say). */
      failed: string;
      log: Log;
    },
  ) {}

  /** Claims and handles due rows; answers how many it claimed. */
  protected abstract round(): Promise<number>;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A row was just committed: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Finishes the round in flight, then stops; rows not handled wait in the table. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.round();
      } catch (error) {
        this.outbox.log.warn({ err: error }, this.outbox.failed);
      }
      if (claimed < this.outbox.batch) await this.pause();
    }
  }

  /**
   * How long to wait for a `wake()` after a round that left nothing to do:
   * the poll by default; a sender that knows when its next row is due says
   * so (Infinity: until woken).
   */
  protected idleMs(): Promise<number> {
    return Promise.resolve(OUTBOX_POLL_MS);
  }

  private async pause(): Promise<void> {
    if (!this.woken && this.running) {
      let ms = OUTBOX_POLL_MS;
      try {
        ms = await this.idleMs();
      } catch (error) {
        this.outbox.log.warn({ err: error }, this.outbox.failed);
      }
      if (!this.woken && this.running) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.wakeUp = undefined;
            resolve();
          };
          const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
          this.wakeUp = done;
        });
      }
    }
    this.woken = false;
  }
}
