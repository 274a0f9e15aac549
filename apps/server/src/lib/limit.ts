/**
 * A limiter: at most `slots` of the functions given to it run at once; the others wait their turn in
 * the order they came. A finishing call hands its slot straight to the next in line, so a caller
 * arriving in between cannot take it as well.
 */
export function limiter(slots: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running < slots) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
