/**
 * The example files of scenarios/*.json, bundled at build time (the static
 * site needs no server to list or fetch them). The page loads them with the
 * preset library (./library.ts); the default one is also in its first load
 * (./picker.ts, DEFAULT_FILES).
 */
export const EXAMPLE_FILES = import.meta.glob<{ default: unknown }>('../../scenarios/*.json', { eager: true });
