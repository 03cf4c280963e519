import { execFile } from 'node:child_process';

/**
 * The text of a PDF as pdf-parse (pdf.js) extracts it, page by page. pdf.js loads its worker with a
 * dynamic import(), which Jest's CommonJS runtime cannot run, so the extraction runs in a child
 * Node process: the same library on the same bytes, outside the test's module system.
 */
const SCRIPT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const result = await parser.getText();
await parser.destroy();
process.stdout.write(JSON.stringify({ pages: result.pages.map((page) => page.text), total: result.total }));
`;

export interface PdfText {
  pages: string[];
  total: number;
  /** Every page's text, in order. */
  text: string;
}

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: __dirname, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`pdf-parse failed: ${error.message} ${stderr}`));
        const parsed = JSON.parse(stdout) as { pages: string[]; total: number };
        resolve({ ...parsed, text: parsed.pages.join('\n') });
      },
    );
    child.stdin?.end(pdf);
  });
}
