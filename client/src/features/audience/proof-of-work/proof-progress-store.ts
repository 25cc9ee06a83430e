import { createResettable } from '#client/lib/store-reset.ts';

/** Whether the phone has been solving a write's proof of work for over a second. */
interface ProofProgressState {
  solving: boolean;
  setSolving(solving: boolean): void;
}

export const useProofProgress = createResettable<ProofProgressState>((set) => ({
  solving: false,
  setSolving: (solving) => set({ solving }),
}));
