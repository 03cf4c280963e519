import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ShellContextProvider, ToastProvider, type ShellContextValue } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';

/** Specs only: a request screen's part rendered to markup inside the shell's providers, on /request/x. */
export function renderInShell(node: ReactNode, shell: ShellContextValue): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/request/x">{node}</Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}
