package org.oft.hal;

import java.util.List;

/**
 * A deploy that could not finish. Its message names the board and the reason; {@link #runningNew()}
 * names the boards that nevertheless run the new configuration (empty when every board kept its
 * old one), so the controller's record of each board stays true.
 */
public class DeployException extends BoardException {
    private static final long serialVersionUID = 1L;
    private final List<String> runningNew;

    public DeployException(String message, List<String> runningNew) {
        super(message);
        this.runningNew = List.copyOf(runningNew);
    }

    public List<String> runningNew() {
        return runningNew;
    }
}
