/* Decodes one file's Brotli copy off the page's thread (companion/preload.py): a page on the
   table's Wi-Fi (http://, not a secure page) is sent gzip by the browser's own choice, and
   the build's two big files are a fifth smaller in Brotli. */
import {BrotliDecode} from './decode.js';

onmessage = ({data: packed}) => {
  try {
    const bytes = BrotliDecode(new Int8Array(packed)).buffer;
    postMessage({bytes}, [bytes]);
  } catch (error) {
    postMessage({error: String(error)});
  }
};
