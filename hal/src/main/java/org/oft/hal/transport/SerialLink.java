package org.oft.hal.transport;

import jssc.SerialPort;
import jssc.SerialPortEvent;
import jssc.SerialPortException;

/**
 * A serial line through jssc: {@code /dev/ttyUSB0} on a bench, or a pseudo-terminal's slave.
 * Bytes are read in jssc's event listener (an untimed read would spin once the far end closes,
 * and is not woken by closing the port).
 */
public final class SerialLink implements ByteLink {
    private final SerialPort port;
    private final String path;
    private final int baud;
    private volatile Receiver receiver = (b, o, l) -> { };

    private SerialLink(SerialPort port, String path, int baud) {
        this.port = port;
        this.path = path;
        this.baud = baud;
    }

    /** Opens the port at {@code baud}, 8N1, no flow control. */
    public static SerialLink open(String path, int baud) {
        SerialPort port = new SerialPort(path);
        try {
            port.openPort();
        } catch (SerialPortException e) {
            throw new LinkException("serial " + path + ": cannot open (" + e.getExceptionType() + ")");
        }
        SerialLink link = new SerialLink(port, path, baud);
        try {
            // On a pseudo-terminal setParams reports false although it applied raw mode: the result is not trusted either way.
            port.setParams(baud, SerialPort.DATABITS_8, SerialPort.STOPBITS_1, SerialPort.PARITY_NONE);
            port.setFlowControlMode(SerialPort.FLOWCONTROL_NONE);
            port.addEventListener(link::onEvent, SerialPort.MASK_RXCHAR);
        } catch (SerialPortException e) {
            link.close();
            throw new LinkException("serial " + path + ": cannot configure (" + e.getExceptionType() + ")");
        }
        return link;
    }

    private void onEvent(SerialPortEvent event) {
        if (!event.isRXCHAR() || event.getEventValue() <= 0) {
            return;
        }
        try {
            byte[] b = port.readBytes(event.getEventValue());
            if (b != null && b.length > 0) {
                receiver.received(b, 0, b.length);
            }
        } catch (SerialPortException e) {
            // the port went away; sends will report it
        }
    }

    /** The rate it was opened at: a far end that keeps to it (a board's UART, a model paced to it) takes that long a byte. */
    @Override
    public int bitsPerSecond() {
        return baud;
    }

    @Override
    public void send(byte[] bytes) {
        try {
            if (!port.writeBytes(bytes)) {
                throw new LinkException("serial " + path + ": write failed");
            }
        } catch (SerialPortException e) {
            throw new LinkException("serial " + path + ": " + e.getExceptionType());
        }
    }

    @Override
    public void receiver(Receiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public String name() {
        return "serial:" + path;
    }

    @Override
    public void close() {
        try {
            if (port.isOpened()) {
                try {
                    port.removeEventListener();
                } catch (SerialPortException e) {
                    // closing anyway
                }
                port.closePort();
            }
        } catch (SerialPortException e) {
            // already gone
        }
    }
}
