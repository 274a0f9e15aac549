/** Vibration patterns of spec 003 §9: success 500 ms, error 200/100/200 ms. */
export function vibrateOk(): void {
  navigator.vibrate?.(500);
}
export function vibrateError(): void {
  navigator.vibrate?.([200, 100, 200]);
}

let ctx: AudioContext | null = null;
/** The short confirmation sound of a camera scan. */
export function beep(): void {
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 1800;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.08);
  } catch {
    /* no audio: silent */
  }
}
