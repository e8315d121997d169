package org.oft.hal.wire;

/** A bench of separate boards' answers to one backplane request, made the one answer a backplane gives ({@link BoardHub}). */
final class BackplaneAnswers {
    private BackplaneAnswers() {
    }

    /** {@code all}: each board's answer, in the hub's order; {@code boards}: how many the bench has. */
    static Message combine(Message[] all, int boards) {
        Message first = all[0];
        int seq = first.seq();
        for (Message m : all) {
            if (m instanceof Message.Nack) {
                return m; // the first refusal: the request did not take everywhere
            }
            if (m.getClass() != first.getClass()) {
                return new Message.Nack(seq, Message.BACKPLANE, Protocol.E_BAD_CONTENT, "the bench's boards answered one backplane request"
                        + " differently (" + first.getClass().getSimpleName() + ", " + m.getClass().getSimpleName() + ")");
            }
        }
        if (first instanceof Message.Backplane b) {
            return new Message.Backplane(seq, Message.BACKPLANE, boards, b.order(), b.bootId());
        }
        if (first instanceof Message.Telemetry) {
            return telemetry(all, seq);
        }
        if (first instanceof Message.Status) { // the bench has run a slot once every board has: a commit's epoch is waited for on all
            Message.Status behind = (Message.Status) first;
            for (Message m : all) {
                Message.Status s = (Message.Status) m;
                behind = s.slot() < behind.slot() ? s : behind;
            }
            return behind;
        }
        if (first instanceof Message.Owner) {
            Message.Owner highest = (Message.Owner) first;
            for (Message m : all) {
                Message.Owner o = (Message.Owner) m;
                boolean above = o.generation() > highest.generation()
                        || o.generation() == highest.generation() && o.leaseLeftMillis() > highest.leaseLeftMillis();
                highest = above ? o : highest;
            }
            return highest;
        }
        return first; // an Ack from every board
    }

    /** The counters summed (each processor board counts its own), each level's state from the board that drives it, the slot all reached. */
    private static Message telemetry(Message[] all, int seq) {
        long slot = Long.MAX_VALUE;
        boolean running = true;
        int counters = 0;
        int levels = 0;
        for (Message m : all) {
            Message.Telemetry t = (Message.Telemetry) m;
            slot = Math.min(slot, t.slot());
            running &= t.running();
            counters = Math.max(counters, t.counters().length);
            levels = Math.max(levels, t.levelState().length);
        }
        long[] sum = new long[counters];
        byte[] state = new byte[levels];
        java.util.Arrays.fill(state, (byte) 0xFF);
        for (Message m : all) {
            Message.Telemetry t = (Message.Telemetry) m;
            for (int i = 0; i < t.counters().length; i++) {
                sum[i] += t.counters()[i];
            }
            for (int i = 0; i < t.levelState().length; i++) {
                if (t.levelState()[i] != (byte) 0xFF) {
                    state[i] = t.levelState()[i];
                }
            }
        }
        return new Message.Telemetry(seq, Message.BACKPLANE, slot, running, sum, state);
    }
}
