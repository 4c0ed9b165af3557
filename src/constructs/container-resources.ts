import { Size } from 'cdk8s';

/**
 * An amount of CPU, in millicores or cores. Same shape as cdk8s-plus's `Cpu`, so
 * `kplus.Cpu.millis(250)` of any cdk8s-plus line is accepted too.
 */
export class Cpu {
  /** `amount` thousandths of a core (`250m`). */
  public static millis(amount: number): Cpu {
    return new Cpu(`${amount}m`);
  }

  /** `amount` whole (or fractional) cores. */
  public static units(amount: number): Cpu {
    return new Cpu(`${amount}`);
  }

  private constructor(
    /** The Kubernetes quantity (`250m`, `1`). */
    public readonly amount: string,
  ) {}
}

/** CPU request and limit. */
export interface CpuResources {
  /**
   * @default Cpu.millis(100)
   */
  readonly request?: Cpu;
  /**
   * @default Cpu.millis(500)
   */
  readonly limit?: Cpu;
}

/** Memory request and limit. */
export interface MemoryResources {
  /**
   * @default Size.mebibytes(128)
   */
  readonly request?: Size;
  /**
   * @default Size.mebibytes(256)
   */
  readonly limit?: Size;
}

/** Ephemeral storage request and limit. */
export interface EphemeralStorageResources {
  /**
   * @default - none
   */
  readonly request?: Size;
  /**
   * @default - none
   */
  readonly limit?: Size;
}

/**
 * CPU, memory and ephemeral-storage requests and limits of a hook container. The field names
 * are cdk8s-plus's `ContainerResources`, so an existing value of any cdk8s-plus line fits.
 */
export interface ContainerResources {
  /**
   * @default - 100m request, 500m limit
   */
  readonly cpu?: CpuResources;
  /**
   * @default - 128Mi request, 256Mi limit
   */
  readonly memory?: MemoryResources;
  /**
   * @default - no request or limit
   */
  readonly ephemeralStorage?: EphemeralStorageResources;
}
