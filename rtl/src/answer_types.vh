// The answers a board's engine decides and its writer (answer_writer.v) lays out: included in both bodies.
    localparam [3:0]
        R_ACK = 0, R_NACK = 1, R_IDENTITY = 2, R_BACKPLANE = 3, R_CRC = 4, R_CRCS = 5, R_STATUS = 6,
        R_TELEMETRY = 7, R_OWNER = 8, R_REBOOTED = 9, R_SWITCH_IDENTITY = 10, R_PORTS = 11,
        R_BP_STATUS = 12;
