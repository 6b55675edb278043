// esbuild bundles the page's style sheet into app.css from its import in main.ts.
declare module '*.css';
