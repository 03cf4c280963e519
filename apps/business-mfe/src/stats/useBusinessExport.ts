import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { useShellApi, useToast } from '@huddle/ui';
import { browserTimeZone } from '@huddle/requests';
import { saveBlob } from '@huddle/api-client/file-download';
import { businessExportApi, type BusinessExport, type BusinessExportAnswer } from './export-api';
import { DEFAULT_EXPORT_CHOICE, EXPORT_POLL_MS, exportScreen, exportStage, finishedToastText, isExportWorking, type ExportChoice, type ExportScreen } from './export-view';

const exportKey = (id: string | null) => ['business-export', id] as const;

export interface BusinessExportController {
  open: boolean;
  screen: ExportScreen;
  /** The export still being prepared, for the page's note while the modal is closed. */
  working: BusinessExport | undefined;
  show: () => void;
  close: () => void;
  choose: (choice: ExportChoice) => void;
  start: () => void;
  /** The failure's Retry: the same export again, the read again, or the file again. */
  retry: () => void;
  saveAgain: () => void;
  newExport: () => void;
}

function errorMessage(error: unknown): string | null {
  return error ? toApiError(error).message : null;
}

/**
 * The export's state for the whole /stats page, not the modal: closing the modal leaves the job
 * polled, the page shows a note, and its end is told by a toast; a downloaded export is saved
 * once, as soon as it is done.
 */
export function useBusinessExport(): BusinessExportController {
  const api = useShellApi(businessExportApi);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ExportChoice>(DEFAULT_EXPORT_CHOICE);
  const [jobId, setJobId] = useState<string | null>(null);

  const started = useMutation({
    mutationFn: (picked: ExportChoice): Promise<BusinessExportAnswer> => api.start(picked.format, picked.delivery === 'email', browserTimeZone()),
    onSuccess: (answer) => {
      queryClient.setQueryData(exportKey(answer.export.id), answer);
      setJobId(answer.export.id);
    },
  });
  const read = useQuery({
    queryKey: exportKey(jobId),
    queryFn: ({ signal }) => api.read(jobId ?? '', signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (isExportWorking(query.state.data?.export) ? EXPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const saved = useMutation({
    mutationFn: async (job: BusinessExport) => {
      if (!job.download_path) throw new Error('The file is not ready yet');
      saveBlob(job.filename, await api.file(job.download_path));
    },
  });

  const job = jobId ? read.data?.export : undefined;
  const stage = job ? exportStage(job) : undefined;

  // The moment a job ends: a download is saved once; with the modal closed, a toast says how it ended.
  const ended = useRef<string | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const save = saved.mutate;
  useEffect(() => {
    if (!job || stage === 'working' || ended.current === job.id) return;
    ended.current = job.id;
    if (stage === 'done' && !job.send) save(job);
    if (!openRef.current) toast.show(finishedToastText(job), stage === 'failed' ? 'error' : 'success');
  }, [job, stage, save, toast]);

  const start = useCallback(() => {
    setJobId(null);
    saved.reset();
    started.mutate(choice);
  }, [choice, saved, started]);

  const newExport = useCallback(() => {
    setJobId(null);
    started.reset();
    saved.reset();
  }, [started, saved]);

  const screen = exportScreen({
    choice,
    job,
    starting: started.isPending,
    startError: errorMessage(started.error),
    readError: read.isError ? errorMessage(read.error) : null,
    saving: saved.isPending,
    saveError: errorMessage(saved.error),
  });

  const retry = useCallback(() => {
    if (screen.kind === 'working') void read.refetch();
    else if (screen.kind === 'done' && job) saved.mutate(job);
    else start();
  }, [screen.kind, read, saved, job, start]);

  return {
    open,
    screen,
    working: job && stage === 'working' ? job : undefined,
    show: () => {
      // A finished or failed export is behind the business: the modal opens on a new one.
      if (job && stage !== 'working') newExport();
      setOpen(true);
    },
    close: () => setOpen(false),
    choose: setChoice,
    start,
    retry,
    saveAgain: () => job && saved.mutate(job),
    newExport,
  };
}
