/** Receiving sounds (001 §4): short tones through the Web Audio API; silent where there is no AudioContext. */
export type TScanSound = 'good' | 'bad' | 'unreceive';

const TONES: Record<TScanSound, { type: OscillatorType; notes: [frequency: number, seconds: number][] }> = {
  good: {
    type: 'sine',
    notes: [
      [880, 0.08],
      [1320, 0.1],
    ],
  },
  bad: {
    type: 'square',
    notes: [
      [220, 0.18],
      [160, 0.22],
    ],
  },
  unreceive: {
    type: 'triangle',
    notes: [
      [660, 0.1],
      [440, 0.1],
      [330, 0.14],
    ],
  },
};

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const w =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext });
  const Ctor = w?.AudioContext ?? w?.webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

/** Creates the audio context ahead of the first scan (creating it can take a few hundred ms). */
export function primeSounds(): void {
  audioContext();
}

/** Plays after the current task, so the scan's feedback is on screen before any audio work. */
export function playSound(sound: TScanSound): void {
  // The last sound asked for, on the document: what a browser test can check (audio itself is not observable).
  document.documentElement.dataset.lastScanSound = sound;
  setTimeout(() => play(sound), 0);
}

function play(sound: TScanSound): void {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const { type, notes } = TONES[sound];
    let at = ctx.currentTime;
    for (const [frequency, seconds] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + seconds);
      at += seconds;
    }
  } catch {
    /* sound is a courtesy: never let it break a scan */
  }
}
