/**
 * The pricing playground (issue 14, docs/report.md): one self-contained page in which the
 * engine runs in the browser. Edit a catalog and a short timeline (the `simulate` input, as
 * JSON) and the report below — invoices, timelines, price curves — is computed again as you
 * type. Pure: the engine's browser bundle (scripts/playground.ts makes it) and the starting
 * input in, the page's text out.
 */
import { escapeHtml } from "./html.js";

/** The page: `bundle` is the engine's browser build (it sets `globalThis.ratecard`), `example` the editor's starting text. */
export function playgroundPage(bundle: string, example: string): string {
  // In a script element "</script" ends it and "<!--" changes how the rest is read: the bundle's
  // own (in strings and regular expressions) are written "<\/script" and "<\x21--", the same to JavaScript.
  const safeBundle = bundle.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\x21--");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ratecard playground</title>
<style>${STYLE}</style></head>
<body>
<header><h1>ratecard playground</h1><p>Edit the catalog and the timeline (a <code>simulate</code> input); the invoices, timelines and price curves below follow. Everything runs in this page: nothing is sent anywhere.</p></header>
<main>
<div class="editor"><textarea id="input" spellcheck="false" aria-label="simulate input (JSON)">${escapeHtml(example)}</textarea>
<p><button type="button" id="run">Run</button> <label><input type="checkbox" id="live" checked> as I type</label> <span id="status" role="status"></span></p></div>
<iframe id="report" title="report"></iframe>
</main>
<script>${safeBundle}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2433;background:#f6f7f9}
header{padding:8px 20px}h1{margin:6px 0;font-size:22px}
main{display:grid;grid-template-columns:minmax(320px,40%) 1fr;gap:12px;padding:0 20px 20px;height:calc(100vh - 110px)}
.editor{display:flex;flex-direction:column}
textarea{flex:1;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;border:1px solid #c5cad3;border-radius:6px;padding:8px;resize:none}
iframe{width:100%;height:100%;border:1px solid #c5cad3;border-radius:6px;background:#fff}
#status{color:#5a6478}#status.error{color:#a33;white-space:pre-wrap}
`;

/** Reads the editor, simulates, writes the report into the frame (or the error under the editor). */
const SCRIPT = `
(function(){
  var input=document.getElementById('input'),frame=document.getElementById('report'),status=document.getElementById('status'),live=document.getElementById('live');
  var timer=null;
  function run(){
    var doc;
    try{doc=JSON.parse(input.value);}catch(e){status.className='error';status.textContent='JSON: '+e.message;return;}
    var simInput=doc&&doc.fn==='simulate'&&doc.input?doc.input:doc;
    try{
      var t0=performance.now();
      var result=ratecard.simulate(simInput);
      frame.srcdoc=ratecard.simulationReport(simInput,result,{title:(doc&&doc.title)||'Simulation report'});
      status.className='';status.textContent=result.invoices.length+' invoice(s) in '+Math.round(performance.now()-t0)+' ms';
      status.setAttribute('data-invoices',String(result.invoices.length));
    }catch(e){
      status.className='error';
      status.textContent=ratecard.isValidationError(e)?'Refused: '+JSON.stringify(e.error_details):String(e&&e.message||e);
      status.removeAttribute('data-invoices');
    }
  }
  document.getElementById('run').addEventListener('click',run);
  input.addEventListener('input',function(){if(!live.checked)return;clearTimeout(timer);timer=setTimeout(run,400);});
  run();
})();
`;
