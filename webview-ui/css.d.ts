// The panel's stylesheets are imported for their side effect: esbuild bundles them into the webview's CSS.
declare module '*.css';
