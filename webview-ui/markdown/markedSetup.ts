import { marked } from 'marked';

// One configuration for whole and incremental rendering: they must produce the same HTML.
marked.setOptions({ gfm: true, breaks: false });

export { marked };
