/**
 * Realistic complaint text for the benchmark (issue 35): words drawn from a vocabulary of a few
 * thousand with a skewed (Zipf) frequency, as people's words are: a few very common, most rare. The
 * first are words complaints use; the rest are made of syllables, deterministic, so two runs write
 * the same text. COMMON_WORD is kept out of the draw and put in one complaint in ten, the "very
 * common word" of the search scenario.
 */
const REAL = `not working broken since last night room floor please fix light switch socket tap leaking
  water geyser fan bathroom door lock window bed mattress cupboard chair table wall paint ceiling pipe
  drain blocked toilet flush shower hot cold supply power cut voltage wire sparks smell dirty cleaning
  mess food quality wifi internet signal slow router cable port laptop network keeps dropping
  noise insects mosquito net curtain mirror hinge handle glass cracked seepage damp corridor stairs
  lift lights bulb tube fused dim flickering heater cooler ac remote battery plug board short circuit
  library books chairs projector classroom lab computer printer ink canteen washbasin basin overflow
  tank motor pump pressure low high dripping rusty stuck jammed loose missing replaced again still
  urgent kindly request complaint days week month evening morning afternoon students wing block
  second third first ground top near behind next opposite outside inside common hall reading`
  .split(/\s+/)
  .filter(Boolean);

export const COMMON_WORD = 'water';

const SYLLABLES = [
  'ka',
  'ri',
  'mo',
  'tes',
  'lan',
  'vo',
  'pu',
  'sha',
  'den',
  'gri',
  'nol',
  'bec',
  'fi',
  'zu',
  'ther',
  'om',
];

function madeUp(i: number): string {
  let word = '';
  let n = i + 17;
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return word;
}

export const VOCABULARY_SIZE = 3000;

export const VOCABULARY: readonly string[] = (() => {
  const words = [...new Set(REAL)].filter((w) => w !== COMMON_WORD);
  const seen = new Set(words);
  for (let i = 0; words.length < VOCABULARY_SIZE; i++) {
    const w = madeUp(i);
    if (!seen.has(w) && w !== COMMON_WORD) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
})();

// cumulative Zipf weights, exponent 1.07 (word frequencies in English are close to it)
const CUMULATIVE = (() => {
  const sums: number[] = [];
  let total = 0;
  for (let r = 1; r <= VOCABULARY.length; r++) {
    total += 1 / r ** 1.07;
    sums.push(total);
  }
  return sums.map((s) => s / total);
})();

/** One word, by its Zipf frequency. */
export function drawWord(rand: () => number): string {
  const x = rand();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}

const words = (rand: () => number, min: number, max: number) =>
  Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, () => drawWord(rand)).join(' ');

/** A complaint's description: its problem, 8 to 20 words, and in one in ten COMMON_WORD. */
export function description(rand: () => number, subType: string): string {
  const common = rand() < 0.1 ? ` ${COMMON_WORD}` : '';
  return `The ${subType.toLowerCase()}: ${words(rand, 8, 20)}${common}.`;
}

/** A message on a complaint: a few words. */
export const messageText = (rand: () => number, opening: string) => `${opening} ${words(rand, 3, 10)}.`;

/**
 * The search scenario's two-word query: two words of middle frequency (ranks 20 and 40, in about 8%
 * and 4% of descriptions), which a few tenths of a percent of complaints hold both.
 */
export const TWO_WORDS = `${VOCABULARY[19]} ${VOCABULARY[39]}`;
