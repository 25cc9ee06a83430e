import { useEffect, useState } from 'react';

interface PairingQrCodeProps {
  url: string;
}

/**
 * The pairing link as a QR code, drawn in the browser: the qrcode library is loaded only when
 * a musician adds a stage device, so no other screen downloads it.
 */
export function PairingQrCode({ url }: PairingQrCodeProps) {
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 480, errorCorrectionLevel: 'M' }))
      .then(
        (dataUrl) => !cancelled && setImage(dataUrl),
        // Without the picture, the code below it still pairs the device.
        () => {},
      );
    return () => {
      cancelled = true;
    };
  }, [url]);

  return (
    <div className="pairing-qr">
      {image ? (
        <img src={image} alt="QR code that opens the pairing page" width={240} height={240} />
      ) : (
        <span className="pairing-qr-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
