// Type declarations of the AutoHeight Node.js binding (index.js).

/**
 * Style options. Keys are passed to the library as given (camelCase or the CLI's kebab-case
 * names; `size` means font size) so its error messages use your spelling. `undefined` and
 * `null` values are skipped; other values are converted with `String()`.
 */
export interface StyleOptions {
  /** A font file (.ttf, .otf, .ttc). Default: the bundled stack (Noto Sans, Nanum Gothic, Noto Sans Arabic, Hebrew, Devanagari, Thai). */
  fontFile?: string | null;
  /** An installed font by name through fontconfig, as pango-view writes it: "FAMILY[,FAMILY…] [STYLE] [SIZE]". */
  font?: string | null;
  /** The face index inside a .ttc file. Default 0. */
  face?: number | string | null;
  /** Fallback font files, tried per grapheme cluster after the primary font, in order (each a `fallback-font` option). */
  fallbackFonts?: ReadonlyArray<string> | null;
  /** `system` (default): the system's fonts after the given ones; `none`: only the fonts given. */
  fallback?: 'system' | 'none' | (string & {}) | null;
  /** Font size in px. Default: the `font` size, else 17. Also spelled `fontSize`. */
  size?: number | string | null;
  fontSize?: number | string | null;
  /** BCP 47 language tag for HarfBuzz and ICU's line breaker. Default `en`. */
  language?: string | null;
  /** CSS line-break: `strict`, `normal`, `loose`, `anywhere`. */
  lineBreak?: 'strict' | 'normal' | 'loose' | 'anywhere' | (string & {}) | null;
  /** CSS word-break: `normal`, `break-all`, `keep-all`, `phrase`. */
  wordBreak?: 'normal' | 'break-all' | 'keep-all' | 'phrase' | (string & {}) | null;
  /** Extra px between lines. Default 0. */
  lineSpacing?: number | string | null;
  /** `metrics` (default), `normal` (CSS, as Chromium computes it), `em`, a px value (24) or a multiple ("1.5x"). */
  lineHeight?: number | string | null;
  /** Tab stops every this many space widths. Default 8. */
  tabWidth?: number | string | null;
  /** CSS tab-size instead of tabWidth: space widths ("4", "0.5") or px ("24px"). */
  tabSize?: number | string | null;
  /** CSS white-space: `pre-wrap` (default), `normal`, `break-spaces`. */
  whiteSpace?: 'pre-wrap' | 'normal' | 'break-spaces' | (string & {}) | null;
  /** CSS overflow-wrap: `break-word` (default), `anywhere`. */
  overflowWrap?: 'break-word' | 'anywhere' | (string & {}) | null;
  /** `hangs` (default: all whitespace at a line end hangs) or `pango` (only the last space before a soft break). */
  trailingWhitespace?: 'hangs' | 'pango' | (string & {}) | null;
  /** `editor` (default: a native editor's line breaking) or `web` (a browser <textarea>, see `browser`). */
  profile?: 'editor' | 'web' | (string & {}) | null;
  /** With `profile: 'web'`, whose <textarea>: `chromium` (default), `firefox` or `webkit`. */
  browser?: 'chromium' | 'firefox' | 'webkit' | (string & {}) | null;
  /** Line limits: `visibleLines`, `visibleHeight` and `overflows` follow them. */
  minLines?: number | string | null;
  maxLines?: number | string | null;
  /**
   * The style's segment cache (not passed to the library): a Cache to share with other styles,
   * or a byte limit for a cache of its own. Default: a cache of its own of 32 MiB.
   */
  cache?: Cache | number | null;
  /** Any other key, passed through (an unknown key is an ArgumentError). */
  [option: string]: string | number | boolean | ReadonlyArray<string> | Cache | null | undefined;
}

/** One text at one width. */
export interface Measurement {
  /** The wrap width asked for, px. */
  width: number;
  /** Line count: explicit breaks plus soft wraps (an empty text is 1 line). */
  lines: number;
  /** px: the line heights plus the line spacing between lines. */
  height: number;
  /** px: the widest line without its hanging whitespace. */
  maxLineWidth: number;
  /** Lines within the style's minLines/maxLines. */
  visibleLines: number;
  /** px: the height of the visible lines. */
  visibleHeight: number;
  /** True when the text has more lines than maxLines. */
  overflows: boolean;
  /** Grapheme clusters no font covers. */
  missingGlyphs: number;
}

/** One line at one width; offsets are UTF-16 code units, as JS string indices. */
export interface Line {
  /** Offset of the line's first unit. */
  start: number;
  /** Offset after its last unit (the break character after a line is in no line). */
  end: number;
  /** px, without hanging whitespace. */
  width: number;
  /** px. */
  height: number;
  /** px, the line's top. */
  y: number;
}

/**
 * A styled run over [start, end) in UTF-16 code units (the JSON Lines keys of the CLI): runs
 * apply in order, each overriding only what it names.
 */
export interface Run {
  start: number;
  end: number;
  /** An installed family (fontconfig name). */
  family?: string | null;
  /** CSS weight, 1...1000 (400 regular, 700 bold). */
  weight?: number | null;
  style?: 'normal' | 'italic' | null;
  /** Font size in px. */
  size?: number | null;
  /** Extra px after every character (may be negative). */
  letterSpacing?: number | null;
}

/** An inline box (a chip, an image) for one U+FFFC of the text, in order: px. */
export type Box = { width: number; height: number } | readonly [width: number, height: number];

/** The styled text options of one text: with either, the text is styled. */
export interface StyledOptions {
  runs?: ReadonlyArray<Run> | null;
  boxes?: ReadonlyArray<Box> | null;
}

/** A batch's runs and boxes: one entry per text (null or undefined: that text is plain). */
export interface StyledBatchOptions {
  runs?: ReadonlyArray<ReadonlyArray<Run> | null | undefined> | null;
  boxes?: ReadonlyArray<ReadonlyArray<Box> | null | undefined> | null;
}

/**
 * Fonts, size, line height, line limits and layout options. Any number of calls may be in
 * flight on one style (measureMany uses it from a worker thread). Free it with close(), or
 * leave it to the garbage collector.
 */
export class Style {
  /** @throws {ArgumentError | FontNotFoundError | FontError | NativeError} @throws {TypeError} options not an object */
  constructor(options?: StyleOptions | null);
  /**
   * One width: one measurement. With `options.runs` or `options.boxes`, the styled text (a run
   * or box that does not fit the text: InputError naming it; a wrong type: TypeError).
   */
  measure(text: string, width: number, options?: StyledOptions | null): Measurement;
  /** Several widths: one measurement per width, in order. */
  measure(text: string, widths: ReadonlyArray<number>, options?: StyledOptions | null): Measurement[];
  /** Every line of the text at `width`. */
  lines(text: string, width: number): Line[];
  /**
   * Many texts on a worker thread (the event loop keeps running): one measurement per text. A
   * failing text rejects the whole batch with the library's error for the first one ("text N: …").
   * The texts total at most `buffer.constants.MAX_STRING_LENGTH` UTF-16 units (else a RangeError).
   */
  measureMany(texts: ReadonlyArray<string>, width: number, options?: StyledBatchOptions | null): Promise<Measurement[]>;
  /**
   * Many texts on a worker thread: one array of measurements (one per width) per text, in input
   * order. `options.runs[i]` and `options.boxes[i]` style text i.
   */
  measureMany(
    texts: ReadonlyArray<string>, widths: ReadonlyArray<number>, options?: StyledBatchOptions | null,
  ): Promise<Measurement[][]>;
  /** measureMany on this thread (its failures thrown). */
  measureManySync(texts: ReadonlyArray<string>, width: number, options?: StyledBatchOptions | null): Measurement[];
  measureManySync(
    texts: ReadonlyArray<string>, widths: ReadonlyArray<number>, options?: StyledBatchOptions | null,
  ): Measurement[][];
  /** Prepares (shapes) a text once, to measure it at any width in arithmetic; styled with options. */
  prepare(text: string, options?: StyledOptions | null): PreparedText;
  /** Frees the native style (a running measureMany finishes first). Idempotent; afterwards every call throws ArgumentError 'style is closed'. */
  close(): void;
  /** True once close() was called. */
  readonly closed: boolean;
}

/** A text prepared by Style#prepare. It keeps working after its style is closed. */
export class PreparedText {
  /** Not constructible: use style.prepare(text). */
  private constructor();
  measure(width: number): Measurement;
  measure(widths: ReadonlyArray<number>): Measurement[];
  lines(width: number): Line[];
  /** The text's length in UTF-16 code units. */
  readonly utf16Length: number;
  /** Frees the native text. Idempotent; afterwards measure and lines throw ArgumentError 'prepared text is closed'. */
  close(): void;
  readonly closed: boolean;
}

/**
 * A bounded segment cache (shaped words and their widths) that styles may share: a style
 * measures a text faster when its words are in its cache. Pass it as the `cache` option.
 */
export class Cache {
  /** @throws {ArgumentError} byteLimit not a whole number > 0 */
  constructor(byteLimit: number);
  /** The bytes the cache holds now (0 once closed). */
  readonly byteCount: number;
  /** Releases this handle; styles made with the cache keep it alive and keep using it. Idempotent. */
  close(): void;
}

/** The library's version (semantic versioning). */
export const version: string;

/** The kinds of failure, as `code`. */
export type AutoHeightErrorCode = 'ARGUMENT' | 'INPUT' | 'FONT_NOT_FOUND' | 'FONT' | 'NATIVE' | 'UNKNOWN';

/** A failure reported by AutoHeight; `message` is the library's one-line description. */
export class AutoHeightError extends Error {
  constructor(message: string, code?: AutoHeightErrorCode);
  readonly code: AutoHeightErrorCode;
}
/** A bad option, option value or width; a closed style or prepared text. */
export class ArgumentError extends AutoHeightError {
  constructor(message: string);
  readonly code: 'ARGUMENT';
}
/**
 * A text refused: a lone surrogate ("lone surrogate at UTF-16 offset N", the offset in that text;
 * in a batch "text T: lone surrogate at UTF-16 offset N") or over an input limit.
 */
export class InputError extends AutoHeightError {
  constructor(message: string);
  readonly code: 'INPUT';
}
/** A font file, family or the bundled fonts that cannot be found. */
export class FontNotFoundError extends AutoHeightError {
  constructor(message: string);
  readonly code: 'FONT_NOT_FOUND';
}
/** A font that cannot be read or used. */
export class FontError extends AutoHeightError {
  constructor(message: string);
  readonly code: 'FONT';
}
/** ICU, HarfBuzz or fontconfig failed. */
export class NativeError extends AutoHeightError {
  constructor(message: string);
  readonly code: 'NATIVE';
}
