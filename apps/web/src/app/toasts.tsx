import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Loaded after the first paint; toasts raised before it mounts wait in react-toastify's queue. */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      theme="light"
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
    />
  );
}
