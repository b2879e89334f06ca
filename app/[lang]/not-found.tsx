import { NotFoundView } from "@/components/status-view/not-found-view";

export default function NotFound() {
  return <NotFoundView />;
}
