import { HttpError } from '../../http/errors';

/**
 * Password hashing is deliberately slow (scrypt, ~50 ms of one core). A burst
 * of sign-in attempts must not pin every core: at most `running` hashes run
 * at once, a few more wait their turn, and the rest are told to come back.
 */
export class HashLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly running = 2,
    private readonly queued = 16,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.waiting.length >= this.queued) {
        throw new HttpError(503, 'Too many sign-in attempts at once. Try again in a moment.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; `active` only drops when nobody waits.
      if (next) next();
      else this.active -= 1;
    }
  }
}
