/**
 * main.tsx's first import: React and react-dom evaluated on their own (their own chunk, vite.config.ts), then a new
 * task before any of the app's modules run, so that no single task of a first load both compiles react-dom and
 * evaluates the app (issue 36, TBT). The top-level await holds back the rest of main.tsx's modules: they are in the
 * app's chunk after this one.
 */
import 'react';
import 'react-dom';
import 'react-dom/client';
import { nextTask } from './next-task.ts';

await nextTask();
