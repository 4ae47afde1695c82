// The code editor of the page's Code mode: CodeMirror 6 (pinned in package.json) with Python
// highlighting, line numbers, indentation and undo, bundled by build.py with esbuild into the
// site as editor.js (loaded when the Code mode first opens).
export { EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection } from "@codemirror/view";
export { EditorState, StateEffect, StateField } from "@codemirror/state";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
export { python } from "@codemirror/lang-python";
