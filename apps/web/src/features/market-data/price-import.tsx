import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { PriceImportResponse } from '@meridian/domain/securities/contracts';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { errorText } from '../../lib/error-text.ts';
import { useImportPricesMutation } from './market-data-api.ts';

/** A chosen file's text (FileReader: every browser has it, and so does the test DOM). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

const fileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}` : `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

function ImportResult({ result }: { result: PriceImportResponse }) {
  const severity = result.rejected_count === 0 ? 'success' : result.accepted > 0 ? 'warning' : 'error';
  return (
    <Box data-testid="import-result" sx={{ mt: 2 }}>
      <Alert severity={severity} sx={{ mb: result.rejected.length ? 2 : 0 }}>
        <strong>{text.importAccepted(result.accepted)}</strong>
        {result.rejected_count > 0 && `; ${text.importRejected(result.rejected_count)}`}
      </Alert>
      {result.rejected.length > 0 && (
        <>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Rejected rows">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, width: 96 }}>Line</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rejected.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.line}</TableCell>
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {result.rejected_count > result.rejected.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {text.importRejectedListed(result.rejected.length, result.rejected_count)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * Admins' price import: choose (or drop) a CSV of symbol,date,close; each good row becomes the
 * close of that day and the screen shows what was taken and which lines were refused and why.
 */
export function PriceImport() {
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [importPrices, { data: result, error, isLoading, reset }] = useImportPricesMutation();

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    setFile(chosen);
    setProblem(null);
  };

  const submit = async () => {
    if (!file || problem) return;
    let csv: string;
    try {
      csv = await readText(file);
    } catch {
      setProblem(text.importFailed);
      return;
    }
    // The answer (or the error) shows below; nothing else to do with the promise.
    await importPrices(csv)
      .unwrap()
      .catch(() => undefined);
  };

  const failure = problem ?? (error ? errorText(error, text.importFailed) : null);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="import-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="import-heading" variant="h6" component="h2">
        {text.importTitle}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {text.importHelp}
      </Typography>
      <Box
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <input
            ref={input}
            aria-label={text.importChoose}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={helpId}
            hidden
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = ''; // choosing the same file again is a new choice
            }}
          />
          {/* A button that opens the hidden file input: a label styled as a button is not allowed the button role. */}
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
            {text.importChoose}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="import-file-name">
            {file ? `${file.name} (${fileSize(file.size)})` : text.importDrop}
          </Typography>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={!file || problem !== null || isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ ml: { sm: 'auto' } }}
          >
            {text.importSubmit}
          </Button>
        </Stack>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {result && <ImportResult result={result} />}
    </Paper>
  );
}
