import type { ReactNode } from 'react';
import { Modal } from '#client/ui/Modal.tsx';
import { useAudienceFlowStore, type AudienceModal as ModalName } from './audience-flow-store.ts';

interface AudienceModalProps {
  name: ModalName;
  title: string;
  children: ReactNode;
}

/** A modal of the flow: open when the flow says so, a bottom sheet on phones (thumb reach). */
export function AudienceModal({ name, title, children }: AudienceModalProps) {
  const open = useAudienceFlowStore((s) => s.modal === name);
  return (
    <Modal
      title={title}
      open={open}
      className="audience-sheet"
      onClose={() => useAudienceFlowStore.getState().dismiss(name)}
    >
      {children}
    </Modal>
  );
}
