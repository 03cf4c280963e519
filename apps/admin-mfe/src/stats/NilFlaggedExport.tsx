import { useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { saveBlob } from '@huddle/api-client/file-download';
import { Button, useShell, useToast } from '@huddle/ui';
import { fetchFlaggedNilCsv } from './nil-export';

/** 'Export flagged NIL deals (CSV)' on /manage/stats (issue 23): the API writes (and audits) the file; the browser saves it. */
export function NilFlaggedExport() {
  const { apiBase } = useShell();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { filename, blob } = await fetchFlaggedNilCsv(apiBase);
      saveBlob(filename, blob);
    } catch (thrown) {
      toast.show(toApiError(thrown).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={() => void exportCsv()}>
      Export flagged NIL deals (CSV)
    </Button>
  );
}
